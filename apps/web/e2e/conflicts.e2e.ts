import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { formatMoney } from '@indiesplit/shared/money';
import { expect, test } from './fixtures.ts';
import { expectAccessible, snapshot, watchErrors } from './helpers.ts';

// The conflicts-of-interest policy (ADR 0031) against the real server: reached from the footer, in
// English and Italian, readable on the narrowest phone; and the seeded funded campaign's page
// discloses its flagged investments as the API counts them, with a link to the policy. Nothing here
// changes any data.

const SLUG = 'starfall-couriers';

const texts = {
  en: {
    policy: 'Conflicts of interest policy',
    section: 'Who cannot invest',
    none: 'No investment comes from IndieSplit staff or the studio’s own people.',
    some: (count: number, amount: string) =>
      `${count} investment${count === 1 ? '' : 's'}, ${amount} in all, come${count === 1 ? 's' : ''} from IndieSplit staff or the studio’s own people.`,
  },
  it: {
    policy: 'Politica sui conflitti di interesse',
    section: 'Chi non può investire',
    none: 'Nessun investimento viene dallo staff di IndieSplit o dalle persone dello studio.',
    some: (count: number, amount: string) =>
      `${count} investiment${count === 1 ? 'o' : 'i'}, per ${amount} in tutto, vien${count === 1 ? 'e' : 'gono'} dallo staff di IndieSplit o dalle persone dello studio.`,
  },
} as const;

for (const lang of ['en', 'it'] as const) {
  test(`the policy is reached from the footer and from a campaign's disclosure (${lang})`, async ({
    open,
  }) => {
    const page = await open({ locale: lang === 'en' ? 'en-US' : 'it-IT' });
    const errors = watchErrors(page);
    const words = texts[lang];

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: words.policy, exact: true }).click();
    await expect(page).toHaveURL(/\/conflicts-of-interest$/);
    await page.getByRole('heading', { level: 1, name: words.policy }).waitFor();
    await expect(page.getByRole('heading', { level: 2, name: words.section })).toBeVisible();
    await expectAccessible(page, `conflicts ${lang}`);

    const res = await page.request.get(`/api/campaigns/${SLUG}`, { headers: { 'accept-language': lang } });
    expect(res.status()).toBe(200);
    const { conflicted_investments: flagged, currency } = (await res.json()) as CampaignDetailDto;
    await page.goto(`/campaigns/${SLUG}`);
    const panel = page.getByRole('complementary');
    const sentence =
      flagged.count === 0
        ? words.none
        : words.some(flagged.count, formatMoney(flagged.total_cents, currency, lang, { trimWhole: true }));
    await expect(panel.getByText(sentence)).toBeVisible();
    await panel.getByRole('link', { name: words.policy }).click();
    await page.getByRole('heading', { level: 1, name: words.policy }).waitFor();
    expect(errors).toEqual([]);
  });
}

test('the policy fits a 320 px screen', async ({ open }) => {
  const page = await open({ width: 320, height: 640, locale: 'it-IT' });
  await page.goto('/conflicts-of-interest');
  await page.getByRole('heading', { level: 1, name: texts.it.policy }).waitFor();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await snapshot(page, 'conflicts-320-it');
});
