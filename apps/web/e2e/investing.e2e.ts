import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import {
  expectAccessible,
  linkFromMailbox,
  logIn,
  signUpInPage,
  snapshot,
  takeInvestorProfile,
  uniqueUser,
  waitForMail,
  watchErrors,
} from './helpers.ts';

// Investing against the real server: a new member verifies the address, takes the investor profile
// (knowledge test and loss simulation, then the tax residence on the invest page), gets euros by
// bank transfer (an admin records it in the back office), invests in a live campaign, finds it in
// the portfolio and revokes it within the reflection period. Then the demo: virtual euros in one campaign that gets funded and one that
// fails and refunds. The demo's clock is wound forward through the development-only endpoint.
// Each test makes its own investor; the real-money story is one test of steps, so any test runs alone.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };
const SHOWCASE = { slug: 'lanterns-of-vesper', title: 'Lanterns of Vesper' };

type Investor = ReturnType<typeof uniqueUser>;

const test = base.extend<{ person: () => Promise<Page> }>({
  /** Opens a page for another person; after the test, no page it opened may have thrown an uncaught error. */
  person: async ({ open }, use) => {
    const errors: string[][] = [];
    await use(async () => {
      const page = await open();
      errors.push(watchErrors(page));
      return page;
    });
    expect(errors.flat(), 'no page threw an uncaught error').toEqual([]);
  },
});

/** The portfolio's entry for a campaign. */
function holding(page: Page, title: string | RegExp): Locator {
  return page
    .getByRole('region', { name: 'Investments' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });
}

async function submitInvestment(page: Page, amount: string, submit: string) {
  await page.getByRole('textbox', { name: /^Amount in/ }).fill(amount);
  await page.getByRole('checkbox', { name: /key investment information sheet/ }).check({ force: true });
  await page.getByRole('checkbox', { name: 'I understand the risk warning.' }).check({ force: true });
  await page.getByRole('button', { name: submit, exact: true }).click();
}

async function invest(page: Page, amount: string, submit: string) {
  await submitInvestment(page, amount, submit);
  await page.getByRole('heading', { name: 'Your investment is reserved' }).waitFor();
}

/** Ends a demo campaign now and settles it, as its fast clock would a little later. */
async function fastForward(page: Page, slug: string): Promise<string> {
  return page.evaluate(async (s) => {
    const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
    const res = await fetch(`/api/dev/campaigns/${s}/fast-forward`, {
      method: 'POST',
      headers: { 'X-CSRFToken': decodeURIComponent(token) },
    });
    return ((await res.json()) as { status: string }).status;
  }, slug);
}

/**
 * Signs a new investor up, verifies the address and takes the investor profile on the way to
 * investing in the showcase campaign; leaves `member` on that campaign's investment form.
 * With `checks`, also checks the accessibility of the pages on the way and saves their screenshots.
 */
async function becomeInvestor(member: Page, investor: Investor, checks = false) {
  await signUpInPage(member, investor, ['investor']);
  await member.goto(await linkFromMailbox(investor.email, '/auth/verify-email/'));
  await member.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();

  await member.goto(`/campaigns/${SHOWCASE.slug}`);
  await member.getByRole('heading', { level: 1, name: SHOWCASE.title }).waitFor();
  if (checks) {
    await expectAccessible(member, 'campaign page');
    await snapshot(member, 'campaign-page');
  }
  await member.getByRole('link', { name: 'Invest', exact: true }).click();

  await takeInvestorProfile(member, SHOWCASE.title, checks);
}

/**
 * From the investment form, an empty wallet is refused; then an admin (on `admin`) credits the
 * member's bank transfer of €500 with the personal reference the portfolio shows.
 */
async function creditByTransfer(member: Page, admin: Page, investor: Investor, checks = false) {
  await submitInvestment(member, '100', 'Invest');
  await member.getByText('Your available balance is not enough for this amount.').first().waitFor();

  await member.goto('/portfolio/wallet');
  const instructions = member.getByRole('region', { name: 'Add euros by bank transfer' });
  const reference = await instructions.getByText(/^IS-[A-Z0-9]{4}-[A-Z0-9]{4}$/).textContent();
  expect(reference).toMatch(/^IS-/);

  await logIn(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/backoffice/funds');
  const record = admin.getByRole('region', { name: 'Record a received transfer' });
  await record.getByRole('textbox', { name: 'Personal reference' }).fill(`Bonifico ${reference} grazie`);
  await record.getByRole('textbox', { name: 'Amount in euros' }).fill('500');
  await record.getByRole('textbox', { name: 'Bank transaction id' }).fill(`BANK-${investor.username}`);
  await record.getByLabel('Value date').fill(new Date().toISOString().slice(0, 10));
  await record.getByRole('textbox', { name: 'Payer' }).fill('Ada Byron');
  await record.getByRole('button', { name: 'Credit the wallet' }).click();
  await record
    .getByRole('group', {
      name: /^Credit €500\.00 paid by Ada Byron to the wallet with the reference Bonifico IS-/,
    })
    .getByRole('button', { name: 'Yes, credit the wallet' })
    .click();
  await record.getByText(new RegExp(`credited to ${investor.username}`)).waitFor();
  if (checks) await expectAccessible(admin, 'back office funds');
  await waitForMail(investor.email, 'We credited €500.00 to your wallet');
}

test.describe('investing, with real and with virtual money', () => {
  // One story, one test: each step builds on the one before (the test makes its own investor).
  test('a new member takes the investor profile, is credited a bank transfer by an admin, invests and revokes in one click', async ({
    person,
  }) => {
    const member = await person();
    const admin = await person();
    const investor = uniqueUser('inv');
    await test.step('verifies the address and takes the investor profile on the way to investing', () =>
      becomeInvestor(member, investor, true));
    await test.step('an empty wallet is refused, and an admin credits the bank transfer with the personal reference', () =>
      creditByTransfer(member, admin, investor, true));

    await test.step('invests, finds it in the portfolio and revokes it in one click', async () => {
      await member.goto(`/campaigns/${SHOWCASE.slug}/invest`);
      await member.getByRole('heading', { level: 1, name: `Invest in ${SHOWCASE.title}` }).waitFor();
      await expectAccessible(member, 'invest');
      await invest(member, '100', 'Invest');
      await member.getByRole('link', { name: 'Go to my portfolio' }).click();

      const entry = holding(member, SHOWCASE.title);
      await entry.getByText('Reserved', { exact: true }).waitFor();
      await expectAccessible(member, 'portfolio');
      await snapshot(member, 'portfolio');
      await entry.getByRole('button', { name: 'Revoke' }).click();
      await member.getByRole('button', { name: 'Yes, revoke it' }).click();
      await member.getByText('Your investment was revoked and the money is available again.').waitFor();
      await entry.getByText('Revoked', { exact: true }).waitFor();
      const figures = member.getByRole('region', { name: 'Your real euros at a glance' });
      await expect(figures.getByRole('definition').first()).toHaveText('€500.00');

      // The wallet section, with every part loaded (the deposit instructions included).
      await member
        .getByRole('navigation', { name: 'Portfolio sections' })
        .getByRole('link', { name: 'Wallet' })
        .click();
      await member.getByText(/^IS-[A-Z0-9]{4}-[A-Z0-9]{4}$/).waitFor();
      await expectAccessible(member, 'portfolio wallet');
    });
  });

  test('the demo: one campaign gets funded, the other fails and refunds every virtual euro', async ({
    person,
  }) => {
    const member = await person();
    await becomeInvestor(member, uniqueUser('inv'));

    await member.goto('/demo');
    await member.getByRole('button', { name: 'Open my demo wallet' }).click();
    await member.getByText('Your demo wallet is ready.').waitFor();
    await expectAccessible(member, 'demo');
    await snapshot(member, 'demo');

    const investLink = (kind: string) =>
      member.locator(`a[href^="/campaigns/demo-${kind}-"][href$="/invest"]`);
    const slugOf = async (link: Locator) => (await link.getAttribute('href'))?.split('/')[2] ?? '';

    const fund = investLink('fund').first();
    await fund.waitFor();
    const fundSlug = await slugOf(fund);
    await fund.click();
    await member.getByText('Demo mode: you are using virtual euros. No real money moves.').waitFor();
    await invest(member, '50', 'Invest demo euros');

    await member.goto('/demo');
    const fail = investLink('fail').first();
    await fail.waitFor();
    const failSlug = await slugOf(fail);
    await fail.click();
    await invest(member, '120', 'Invest demo euros');

    expect(await fastForward(member, fundSlug)).toMatch(/^(funded|services_active)$/);
    expect(await fastForward(member, failSlug)).toBe('failed');

    await member.goto('/portfolio');
    await holding(member, /^Demo · /)
      .filter({ hasText: 'Invested' })
      .first()
      .waitFor();
    await holding(member, /^Demo · /)
      .filter({ hasText: 'Refunded' })
      .first()
      .waitFor();
    // 10,000 - 50 posted; the 120 came back.
    await member
      .getByRole('navigation', { name: 'Portfolio sections' })
      .getByRole('link', { name: 'Wallet' })
      .click();
    await member.getByRole('button', { name: 'Demo euros' }).click();
    const demo = member.getByRole('region', { name: /^Demo euros/ });
    await demo.getByText('€9,950.00').first().waitFor();
    await snapshot(member, 'portfolio-demo-settled');

    await member.goto(`/campaigns/${failSlug}`);
    await member
      .getByText('This campaign did not reach its goal: every investor has been refunded.')
      .waitFor();
  });
});
