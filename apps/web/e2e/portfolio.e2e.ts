import { KNOWLEDGE_QUESTIONS } from '@indiesplit/shared/investing';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, linkFromMailbox, logIn, signUpInPage, uniqueUser } from './helpers.ts';

// The investor's money view (issue #16) against the real server: every figure of the portfolio —
// available, reserved, invested, the movements and what the reserved money is held for — follows
// each action at once, without reloading the page; and the page is split into sections.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };
const SHOWCASE = { slug: 'lanterns-of-vesper', title: 'Lanterns of Vesper' };

/** A call to the API from inside the page, with its session and CSRF token. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      if (!document.cookie.includes('csrftoken=')) await fetch('/api/auth/csrf_cookie');
      const token = decodeURIComponent(document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/**
 * A new investor of this test alone: signed up, address verified, investor profile and tax
 * residence filled through the API the screens use (investing.e2e.ts walks those screens), and
 * 1,000 euros credited by an admin as a received bank transfer with the member's reference.
 */
async function fundedInvestor(member: Page, admin: Page) {
  const user = uniqueUser('pf');
  await signUpInPage(member, user, ['investor']);
  await member.goto(await linkFromMailbox(user.email, '/auth/verify-email/'));
  await member.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
  const answers = Object.fromEntries(
    KNOWLEDGE_QUESTIONS.map((q) => [q.code, 'correct' in q ? q.correct : q.answers[0]]),
  );
  expect((await api(member, 'PUT', '/api/investor-profile/knowledge-test', { answers })).status).toBe(200);
  const simulation = { annual_income: '40000', liquid_assets: '30000', annual_commitments: '10000' };
  expect((await api(member, 'PUT', '/api/investor-profile/loss-simulation', simulation)).status).toBe(200);
  expect((await api(member, 'PUT', '/api/investor-profile/tax-residence', { country: 'IT' })).status).toBe(
    200,
  );
  const { reference } = (await api(member, 'GET', '/api/funds/deposit-instructions/')).body;

  await logIn(admin, ADMIN.login, ADMIN.password);
  const deposit = await api(admin, 'POST', '/api/backoffice/funds/deposits', {
    reference,
    amount: '1000.00',
    bank_transaction_id: `PF-${user.username}`,
    value_date: new Date().toISOString().slice(0, 10),
    payer_name: 'Ada Byron',
  });
  expect(deposit.status).toBe(201);
  return user;
}

/** The three figures on top of every section. */
async function expectFigures(page: Page, figures: { available: string; reserved: string; invested: string }) {
  const region = page.getByRole('region', { name: 'Your real euros at a glance' });
  await expect(region.locator('[data-figure="available"]')).toHaveText(figures.available);
  await expect(region.locator('[data-figure="reserved"]')).toHaveText(figures.reserved);
  await expect(region.locator('[data-figure="invested"]')).toHaveText(figures.invested);
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Portfolio sections' }).getByRole('link', { name, exact: true });

const movements = (page: Page): Locator =>
  page.getByRole('list', { name: 'Movements' }).getByRole('listitem');
const heldFor = (page: Page): Locator =>
  page.getByRole('list', { name: 'What the reserved money is held for' });

test('portfolio figures are right after invest, revoke and withdraw, without reload', async ({ open }) => {
  const member = await open();
  const admin = await open();
  await fundedInvestor(member, admin);

  // Invest 100 euros through the form, then into the portfolio by its link: one page from here on.
  await member.goto(`/campaigns/${SHOWCASE.slug}/invest`);
  await member.getByRole('textbox', { name: /^Amount in/ }).fill('100');
  await member.getByRole('checkbox', { name: /key investment information sheet/ }).check({ force: true });
  await member.getByRole('checkbox', { name: 'I understand the risk warning.' }).check({ force: true });
  await member.getByRole('button', { name: 'Invest', exact: true }).click();
  await member.getByRole('heading', { name: 'Your investment is reserved' }).waitFor();
  let loads = 0;
  member.on('load', () => {
    loads += 1;
  });
  await member.getByRole('link', { name: 'Go to my portfolio' }).click();
  // The portfolio's code loads on demand: on a busy machine that can take more than a moment.
  await member.getByRole('region', { name: 'Your real euros at a glance' }).waitFor({ timeout: 60_000 });

  await expectFigures(member, { available: '€900.00', reserved: '€100.00', invested: '€100.00' });
  await expect(section(member, 'Investments')).toHaveAttribute('aria-current', 'page');
  const investment = member
    .getByRole('region', { name: 'Investments' })
    .getByRole('listitem')
    .filter({ has: member.getByRole('link', { name: SHOWCASE.title }) });
  await investment.getByText('Reserved', { exact: true }).waitFor();

  await section(member, 'Wallet').click();
  await expect(member).toHaveURL(/\/portfolio\/wallet$/);
  await expect(movements(member)).toHaveCount(2);
  await expect(movements(member).first()).toContainText(`Investment in ${SHOWCASE.title}`);
  await expect(movements(member).first()).toContainText('-€100.00');
  await expect(movements(member).first()).toContainText('Balance: €900.00');
  await expect(movements(member).last()).toContainText('Bank transfer received');
  await expect(movements(member).last()).toContainText('+€1,000.00');
  await expect(heldFor(member)).toHaveText(`Investment in ${SHOWCASE.title}: €100.00`);

  // Revoke it: the money is back, shown once as a credit.
  await section(member, 'Investments').click();
  await investment.getByRole('button', { name: 'Revoke' }).click();
  await member.getByRole('button', { name: 'Yes, revoke it' }).click();
  await member.getByText('Your investment was revoked and the money is available again.').waitFor();
  await investment.getByText('Revoked', { exact: true }).waitFor();
  await expectFigures(member, { available: '€1,000.00', reserved: '€0.00', invested: '€0.00' });

  await section(member, 'Wallet').click();
  await expect(movements(member)).toHaveCount(3);
  await expect(movements(member).first()).toContainText(
    `Investment in ${SHOWCASE.title} revoked: money back`,
  );
  await expect(movements(member).first()).toContainText('+€100.00');
  await expect(movements(member).first()).toContainText('Balance: €1,000.00');
  await expect(movements(member).nth(1)).toContainText('revoked');
  await expect(heldFor(member)).toHaveCount(0);

  // Ask for 40 euros: held for the withdrawal, and every figure follows.
  await member.getByRole('textbox', { name: /Amount in euros/ }).fill('40');
  await member.getByRole('textbox', { name: /Account holder/ }).fill('Ada Byron');
  await member
    .getByRole('textbox', { name: /IBAN of your account/ })
    .fill('IT60 X054 2811 1010 0000 0123 456');
  await member.getByRole('button', { name: 'Request withdrawal' }).click();
  await member.getByText(/Your request for €40\.00 is recorded/).waitFor();
  await expectFigures(member, { available: '€960.00', reserved: '€40.00', invested: '€0.00' });
  await expect(heldFor(member)).toHaveText('Held for your withdrawal: €40.00');
  await expect(movements(member)).toHaveCount(4);
  await expect(movements(member).first()).toContainText('Held for your withdrawal');
  await expect(movements(member).first()).toContainText('awaiting payment');
  await expect(movements(member).first()).toContainText('-€40.00');
  await expect(movements(member).first()).toContainText('Balance: €960.00');
  await expectAccessible(member, 'portfolio wallet after a withdrawal request');

  // Cancel it: back to where it was.
  await member.getByRole('button', { name: /^Cancel request of €40\.00/ }).click();
  await expectFigures(member, { available: '€1,000.00', reserved: '€0.00', invested: '€0.00' });
  await expect(movements(member).first()).toContainText('Withdrawal cancelled or rejected: money back');
  await expect(movements(member).first()).toContainText('+€40.00');

  expect(loads, 'the page never reloaded').toBe(0);
});

test('each portfolio section has its own address, fits a 320 px phone and is reached by keyboard', async ({
  open,
}) => {
  const member = await open({ width: 320, height: 640 });
  const admin = await open();
  await fundedInvestor(member, admin);

  for (const [name, url] of [
    ['Investments', '/portfolio'],
    ['Wallet', '/portfolio/wallet'],
    ['Payouts', '/portfolio/payouts'],
    ['Documents', '/portfolio/documents'],
  ] as const) {
    await member.goto(url);
    // The section's code loads on demand: on a busy machine that can take more than a moment.
    await member.getByRole('region', { name: 'Your real euros at a glance' }).waitFor({ timeout: 60_000 });
    await expect(section(member, name)).toHaveAttribute('aria-current', 'page');
    await member.waitForLoadState('networkidle');
    const overflow = await member.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${url} scrolls sideways`).toBeLessThanOrEqual(0);
  }

  // By keyboard: the section links are ordinary links in the tab order.
  await member.goto('/portfolio');
  await section(member, 'Investments').waitFor({ timeout: 60_000 });
  await section(member, 'Investments').focus();
  await member.keyboard.press('Tab');
  await expect(section(member, 'Wallet')).toBeFocused();
  await member.keyboard.press('Enter');
  await expect(member).toHaveURL(/\/portfolio\/wallet$/);
  await expect(movements(member)).toHaveCount(1);
});
