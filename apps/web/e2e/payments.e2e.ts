import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  devFixture,
  expectAccessible,
  linkFromMailbox,
  newContext,
  signUpInPage,
  takeInvestorProfile,
  uniqueUser,
  watchErrors,
} from './helpers.ts';
import { type AppServer, startAppServer } from './server-process.ts';

// Real euros through the payment provider (ADR 0039), in the browser, with PAYMENTS=sandbox: a
// server of its own with the sandbox provider on loopback. A new member verifies their identity on
// the provider's hosted page, receives a personal IBAN, sends a transfer from the sandbox bank and
// sees the wallet credited by the provider's event; invests; the campaign is funded, and the money
// moves to its escrow at the provider; the member withdraws to their bank account, confirms it on
// the provider's page, and the provider's payout closes the request. No admin touches anything.

let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer({
    PAYMENTS: 'sandbox',
    TRUST_PROXY: 'loopback',
    // The provider's jobs (escrow transfers, payouts) run every two seconds here.
    SETTLEMENT_INTERVAL_SECONDS: '2',
    DEMO_ROUND_MINUTES: '60',
    DEMO_MONTH_SECONDS: '3600',
  });
});
test.afterAll(async () => {
  if (server?.errors.length) console.error(`The sandbox server logged errors:\n${server.errors.join('\n')}`);
  await server?.stop();
});

/** The wallet's available euros, as the page shows them. */
const available = (page: Page) =>
  page.getByRole('region', { name: 'Your real euros at a glance' }).getByRole('definition').first();

test('a new member verifies their identity, pays in to a personal IBAN, invests, is funded and withdraws, with no admin', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await newContext(browser, { baseURL: server.baseURL });
  const member = await context.newPage();
  const errors = watchErrors(member);
  const investor = uniqueUser('sbx');
  const campaign = await devFixture<{ slug: string; title: string }>(
    '/api/dev/fixtures/live-campaign',
    { title: 'Harbour Lights', goal_cents: 20_000 },
    server.baseURL,
  );

  await test.step('signs up and confirms the address', async () => {
    await signUpInPage(member, investor, ['investor']);
    await member.goto(await linkFromMailbox(investor.email, '/auth/verify-email/', 0, server.baseURL));
    await member.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
  });

  await test.step('verifies their identity on the provider’s page and gets a personal IBAN', async () => {
    await member.goto('/portfolio/wallet');
    await member.getByText('Identity check:').first().waitFor();
    await expectAccessible(member, 'wallet before the identity check');
    await member.getByRole('button', { name: 'Verify my identity' }).click();
    await member.waitForURL(/\/sandbox\/idv\//);
    await member.getByRole('button', { name: /complete the check/ }).click();
    await member.waitForURL(/\/portfolio\/wallet\?identity=returned/);
    await expect(member.getByText('Your personal IBAN')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(member, 'wallet with a personal IBAN');
  });

  await test.step('sends a transfer from the sandbox bank, and the wallet is credited by the provider’s event', async () => {
    // The sandbox bank opens in a tab of its own, with the member's IBAN filled in.
    const [bank] = await Promise.all([
      context.waitForEvent('page'),
      member.getByRole('link', { name: 'Open the sandbox bank to send a test transfer' }).click(),
    ]);
    await bank.getByLabel('Your name (the payer)').fill('Ada Byron');
    await bank.getByLabel('Amount in euros').fill('500.00');
    await bank.getByRole('button', { name: 'Send the transfer' }).click();
    await bank.getByRole('heading', { name: 'Transfer sent' }).waitFor();
    await bank.close();
    await expect(async () => {
      await member.reload();
      await expect(available(member)).toHaveText('€500.00', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  await test.step('invests in a live campaign, which is funded', async () => {
    await member.goto(`/campaigns/${campaign.slug}`);
    await member.getByRole('heading', { level: 1, name: campaign.title }).waitFor();
    await member.getByRole('link', { name: 'Invest', exact: true }).click();
    await member.waitForURL(/\/investor-profile\?next=/);
    await takeInvestorProfile(member, campaign.title);
    await member.getByRole('textbox', { name: /^Amount in/ }).fill('200');
    await member.getByRole('checkbox', { name: /key investment information sheet/ }).check({ force: true });
    await member.getByRole('checkbox', { name: 'I understand the risk warning.' }).check({ force: true });
    await member.getByRole('button', { name: 'Invest', exact: true }).click();
    await member.getByRole('heading', { name: 'Your investment is reserved' }).waitFor();
    // The campaign's deadline, now (development only): the goal is reached, the investment posted.
    const status = await member.evaluate(async (slug) => {
      const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
      const res = await fetch(`/api/dev/campaigns/${slug}/fast-forward`, {
        method: 'POST',
        headers: { 'X-CSRFToken': decodeURIComponent(token) },
      });
      return ((await res.json()) as { status: string }).status;
    }, campaign.slug);
    expect(['funded', 'services_active']).toContain(status);
    await member.goto('/portfolio/wallet');
    await expect(available(member)).toHaveText('€300.00');
  });

  await test.step('withdraws to their own account: the provider pays it, and the request says so', async () => {
    await member.getByRole('heading', { name: 'New withdrawal request' }).waitFor();
    await member.getByRole('textbox', { name: /Amount in euros/ }).fill('100.00');
    await member.getByRole('textbox', { name: /Account holder/ }).fill('Ada Byron');
    await member
      .getByRole('textbox', { name: /IBAN of your account/ })
      .fill('IT60 X054 2811 1010 0000 0123 456');
    await member.getByRole('textbox', { name: 'Street and number' }).fill('Via Roma 1');
    await member.getByRole('textbox', { name: 'Postal code' }).fill('20121');
    await member.getByRole('textbox', { name: 'City' }).fill('Milano');
    await member.getByRole('combobox', { name: 'Country' }).selectOption('IT');
    await member.getByRole('button', { name: 'Request withdrawal' }).click();
    // The provider pays only to a bank account the member confirmed on its page (strong customer
    // authentication): the wallet sends them there, and the provider sends them back.
    await member.waitForURL(/\/sandbox\/sca\//);
    await member.getByRole('heading', { name: 'Confirm a bank account' }).waitFor();
    await expect(member.getByText('Ada Byron')).toBeVisible();
    await member.getByRole('button', { name: 'Confirm', exact: true }).click();
    await member.waitForURL(/\/portfolio\/wallet\?account=returned/);
    await expect(available(member)).toHaveText('€200.00');
    await expectAccessible(member, 'wallet with a withdrawal on its way');
    // The provider's payout is asked for by a job and settled by the sandbox bank a second later.
    // Each reload waits for the list, which a busy machine may take more than a moment to show.
    await expect(async () => {
      await member.reload();
      const request = member.getByRole('region', { name: 'Withdraw euros' }).getByRole('listitem').first();
      await expect(request).toBeVisible({ timeout: 15_000 });
      await expect(request.getByText('Paid', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
  });

  expect(errors).toEqual([]);
  await context.close();
});
