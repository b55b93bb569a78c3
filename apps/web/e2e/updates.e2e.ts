import { expect, test } from './fixtures.ts';
import { logIn, revenueCampaign, waitForMail, watchErrors } from './helpers.ts';

// Campaign updates against the real server (ADR 0037): the studio of a funded campaign (built by
// the server's development route, revenueCampaign in helpers.ts) posts an investors-only update
// from My campaigns; an investor sees it under the bell, on the campaign page and by email; a
// member who did not invest sees neither the update nor a notification; the investor's home feed
// lists it and the other member's does not.

test('a studio posts an investors-only update that only its investors see', async ({ open, memberPage }) => {
  const suffix = Date.now().toString(36);
  const game = await revenueCampaign('funded', `Lantern Keepers ${suffix}`);
  const updateTitle = `Beta keys are coming ${suffix}`;
  const investor = game.investors[0]!;

  const studio = await open();
  const studioErrors = watchErrors(studio);
  await logIn(studio, game.studio.username, game.studio.password);
  await studio.goto('/my-campaigns');
  await studio.getByRole('link', { name: `Post or edit the updates of ${game.campaign.title}` }).click();
  await studio.getByRole('heading', { name: `Updates of ${game.campaign.title}` }).waitFor();
  const english = studio.getByRole('group', { name: 'English' });
  await english.getByLabel('Title').fill(updateTitle);
  await english.getByLabel('Text', { exact: true }).fill('The **beta** opens to investors next week.');
  await studio.getByLabel(/Investors only/).check();
  await studio.getByRole('button', { name: 'Post the update' }).click();
  await studio.getByText('Your update is posted.').waitFor();
  await expect(studio.getByTestId('studio-update').first()).toContainText(updateTitle);
  expect(studioErrors).toEqual([]);

  // The investor: the bell counts it, the centre names it, the page shows it, the email arrives.
  const backer = await open();
  const backerErrors = watchErrors(backer);
  await logIn(backer, investor.username, investor.password);
  await expect(backer.getByTestId('notification-count')).toHaveText(/^[1-9]\d*$/);
  await backer.getByTestId('notification-bell').click();
  await expect(backer.getByTestId('notification').first()).toContainText(updateTitle);
  await backer.goto(`/campaigns/${game.campaign.slug}#updates`);
  const shown = backer.getByTestId('campaign-update').first();
  await expect(shown).toContainText(updateTitle);
  await expect(shown.locator('strong', { hasText: 'beta' })).toBeVisible();
  const mail = await waitForMail(investor.email, `${game.campaign.title}: ${updateTitle}`);
  expect(mail.subject).toContain(updateTitle);
  // Their home's feed lists it, marked for investors, linking to the campaign's updates (ADR 0040).
  await backer.goto('/');
  const item = backer.getByTestId('feed-item').filter({ hasText: updateTitle });
  await expect(item).toContainText('for investors');
  await expect(item.getByRole('link', { name: updateTitle })).toHaveAttribute(
    'href',
    `/campaigns/${game.campaign.slug}#updates`,
  );
  expect(backerErrors).toEqual([]);

  // A member who did not invest: no update on the page, nothing under the bell.
  await memberPage.goto(`/campaigns/${game.campaign.slug}#updates`);
  await memberPage.getByText('No updates yet.').waitFor();
  await expect(memberPage.getByText(updateTitle)).toHaveCount(0);
  const unread = await memberPage.evaluate(async () =>
    (await fetch('/api/notifications/unread-count/')).json(),
  );
  expect(unread).toEqual({ unread: 0 });
  // Nor in their feed, even once they follow the campaign.
  await memberPage.goto(`/campaigns/${game.campaign.slug}`);
  await memberPage.getByTestId('follow-button').click();
  await expect(memberPage.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  const feedRead = memberPage.waitForResponse((r) => r.url().includes('/api/feed/') && r.ok());
  await memberPage.goto('/');
  await feedRead;
  await memberPage.getByRole('heading', { name: 'Your feed' }).waitFor();
  await expect(memberPage.getByTestId('member-feed').getByText(updateTitle)).toHaveCount(0);
});
