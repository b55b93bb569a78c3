import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  expectAccessible,
  logIn,
  pitchDeckPdf,
  revenueCampaign,
  snapshot,
  waitForMail,
  watchErrors,
} from './helpers.ts';

// The revenue share against the real server, from launch to payout, one step per test. Each test
// starts from a campaign of its own that the server's development route builds from nothing
// (revenueCampaign in helpers.ts): a new studio and two new investors, €20,000 raised (€500 of it
// from the first investor) and settled through the ledger, then taken as far as the step before
// the test's own: an admin records the release; the studio files the first month's sales from a CSV
// with a statement; the admin verifies the report and records the studio's payment of the pool; the
// investor finds the payout in the portfolio with the period's waterfall and downloads the year's
// statement. So any test passes alone, in any order, and a failure fails only its own test.
//
// The figures: net = (10,000 - 3,000 - 200) + (2,000 - 600) = €8,200; pool = 10% = €820; the
// platform keeps 10% of it (€82); the investors share €738, and the €500 investor's 2.5% is €18.45.

const ADMIN = { login: 'demo_admin', password: 'Demo-Admin-2025' };

// The release is the first day of the month before last (the fixture's too), so last-but-one month
// is over and in the term whatever day the suite runs.
const now = new Date();
const launch_ = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
const LAUNCH_DATE = launch_.toISOString().slice(0, 10);
const MONTH = LAUNCH_DATE.slice(0, 7);
const MONTH_LABEL = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(Date.UTC(launch_.getUTCFullYear(), launch_.getUTCMonth(), 15)),
);
const YEAR = launch_.getUTCFullYear();

const SALES_CSV = [
  'store,gross,store_fees,refunds,taxes',
  'Steam,10000.00,3000.00,200.00,0',
  'PlayStation,2000.00,600.00,0,0',
].join('\n');

/** A signed-in page of a new person (browser context), failing the test on any error in the page. */
async function personPage(open: () => Promise<Page>, login: string, password: string) {
  const page = await open();
  const errors = watchErrors(page);
  await logIn(page, login, password);
  return { page, errors };
}

test.describe('the revenue share, from launch to payout', () => {
  test('an admin records the release of a funded campaign', async ({ open }) => {
    const game = await revenueCampaign('funded');
    const admin = await personPage(open, ADMIN.login, ADMIN.password);
    await admin.page.goto('/backoffice/campaigns');
    await admin.page.getByRole('link', { name: game.campaign.title }).first().click();
    await admin.page.getByRole('heading', { name: 'Status' }).waitFor();
    await admin.page.getByRole('button', { name: 'Record the launch' }).click();
    await admin.page.getByLabel('Release date of the game').fill(LAUNCH_DATE);
    await admin.page.getByRole('button', { name: 'Record the launch' }).click();
    await admin.page.getByText('The campaign is now: Launched.').waitFor();
    expect(admin.errors).toEqual([]);
  });

  test('the developer files the first month from a CSV, with a statement', async ({ open }) => {
    const game = await revenueCampaign('launched');
    const TITLE = game.campaign.title;
    const { page: developer, errors } = await personPage(open, game.studio.username, game.studio.password);
    await developer.goto('/my-campaigns');
    await developer.getByRole('heading', { level: 1, name: 'My campaigns' }).waitFor();
    await expectAccessible(developer, 'my campaigns');
    await developer.getByRole('link', { name: `Revenue reports for ${TITLE}` }).click();
    await developer.getByRole('heading', { level: 1, name: `Revenue reports: ${TITLE}` }).waitFor();
    await developer.getByRole('button', { name: 'File a report' }).click();
    await developer.getByLabel(/^Month/).fill(MONTH);
    await developer.getByLabel('Import CSV').setInputFiles({
      name: 'sales.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SALES_CSV),
    });
    // The CSV filled one row per store.
    await expect.poll(() => developer.getByRole('group', { name: /^Store \d$/ }).count()).toBe(2);
    await developer.getByLabel('Statement file').setInputFiles({
      name: 'steam-statement.pdf',
      mimeType: 'application/pdf',
      buffer: await pitchDeckPdf('Sales statement', 1),
    });
    await expectAccessible(developer, 'revenue report form');
    await snapshot(developer, 'revenue-report-form');
    await developer.getByRole('button', { name: 'Send report' }).click();
    await developer.getByText(/^Report sent\./).waitFor();
    await developer.getByText('€8,200.00').first().waitFor();
    expect(errors).toEqual([]);
  });

  test('the admin verifies the report and records the developer’s payment of the pool', async ({ open }) => {
    const game = await revenueCampaign('reported');
    const TITLE = game.campaign.title;
    const { page: admin, errors } = await personPage(open, ADMIN.login, ADMIN.password);
    await admin.goto('/backoffice/revenue');
    await admin.getByRole('heading', { level: 1, name: 'Revenue reports' }).waitFor();
    await expectAccessible(admin, 'back office revenue reports');
    await admin.getByRole('button', { name: `Verify ${TITLE} · ${MONTH_LABEL}` }).click();
    // The confirmation names the campaign, the month and the net revenue before anything is sent.
    const ask = admin.getByRole('group', {
      name: `Verify the report of ${TITLE} for ${MONTH_LABEL}, with net revenue of €8,200.00? This creates the investors’ distribution and cannot be undone.`,
    });
    await ask.getByRole('button', { name: 'Yes, verify' }).click();
    await admin.getByText(`Verified: ${TITLE}, ${MONTH_LABEL}.`).waitFor();

    await admin.goto('/backoffice/distributions');
    await admin.getByRole('heading', { level: 1, name: 'Distributions' }).waitFor();
    await admin.getByRole('button', { name: `Record payment for ${TITLE}, distribution 1` }).click();
    await admin.getByLabel('Bank transaction id').fill(`E2E-${game.campaign.id}`);
    await expect
      .poll(() => admin.getByLabel('Amount received in euros').inputValue())
      .toMatch(/^820([.,]00)?$/);
    await admin.getByRole('button', { name: 'Record payment', exact: true }).click();
    await admin
      .getByRole('group', { name: new RegExp(`^Record €820\\.00 received for ${TITLE}, distribution 1 `) })
      .getByRole('button', { name: 'Yes, record the payment' })
      .click();
    await admin.getByRole('row').filter({ hasText: TITLE }).getByText('Paid').first().waitFor();
    await snapshot(admin, 'backoffice-distributions');

    // The payment was paid out at once: the €500 investor is told of their €18.45.
    const mail = await waitForMail(game.investors[0]!.email, `from “${TITLE}”`);
    expect(mail.text).toContain('€18.45');
    expect(errors).toEqual([]);
  });

  test('the investor is told, sees the payout and the waterfall, and downloads the statement', async ({
    open,
  }) => {
    const game = await revenueCampaign('paid');
    const TITLE = game.campaign.title;
    const INVESTOR = game.investors[0]!;
    expect(INVESTOR.invested_cents).toBe(50_000);
    // The payout's own mail ("You received … from “title”").
    const mail = await waitForMail(INVESTOR.email, `from “${TITLE}”`);
    expect(mail.text).toContain('€18.45');

    const { page: investor, errors } = await personPage(open, INVESTOR.username, INVESTOR.password);
    await investor.goto('/portfolio/payouts');
    // Each holding starts closed, with one line: what it paid so far.
    const summary = investor
      .getByRole('group')
      .filter({ has: investor.getByRole('heading', { name: TITLE }) });
    await expect(summary.getByTestId('holding-summary')).toContainText('Received so far: €18.45');
    const holding = investor.getByRole('article', { name: TITLE });
    await expect(holding).toBeHidden();
    await investor.getByRole('heading', { name: TITLE }).click();
    await holding.waitFor();
    await holding.getByText('Term ends').waitFor();
    await expect.poll(() => holding.innerText()).toContain('€18.45');
    const text = await holding.innerText();
    expect(text).toContain('€500.00'); // invested
    expect(text).toContain('0.04×'); // €18.45 on €500
    expect(text).toMatch(/3[345] months left/);

    // The month's waterfall, step by step.
    const waterfall = holding.getByRole('table', { name: `${MONTH_LABEL}: revenue waterfall` });
    const step = async (name: string | RegExp) =>
      (await waterfall.getByRole('row').filter({ hasText: name }).first().innerText()).replace(/\s+/g, ' ');
    expect(await step('Gross revenue')).toContain('€12,000.00');
    expect(await step('Store fees')).toContain('€3,600.00');
    expect(await step('Refunds and taxes')).toContain('€200.00');
    expect(await step('Net revenue')).toContain('€8,200.00');
    expect(await step('Revenue pool')).toContain('€820.00');
    expect(await step(/^Platform/)).toContain('€82.00');
    expect(await step('All investors')).toContain('€738.00');
    expect(await step('Your share')).toContain('€18.45');
    await expectAccessible(investor, 'portfolio with revenue share');
    await snapshot(investor, 'portfolio-revenue');

    // The year's statement as CSV, in the documents…
    await investor
      .getByRole('navigation', { name: 'Portfolio sections' })
      .getByRole('link', { name: 'Documents' })
      .click();
    const statements = investor.getByRole('region', { name: 'Statements' });
    const [download] = await Promise.all([
      investor.waitForEvent('download'),
      statements.getByRole('link', { name: `Download CSV for ${TITLE}, ${YEAR}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`indiesplit-${game.campaign.slug}-${YEAR}.csv`);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('your_payout');
    expect(csv).toContain('18.45');
    // …and as a printable page.
    await statements.getByRole('link', { name: `Printable statement for ${TITLE}, ${YEAR}` }).click();
    await investor.getByRole('heading', { level: 1, name: `Revenue-share statement ${YEAR}` }).waitFor();
    await investor.getByRole('button', { name: 'Print' }).waitFor();
    expect(await investor.locator('main').innerText()).toContain('€18.45');
    await expectAccessible(investor, 'revenue statement');
    await snapshot(investor, 'revenue-statement');

    // The campaign page shows the end of the term and the payout simulator.
    await investor.goto(`/campaigns/${game.campaign.slug}`);
    await investor.getByText('Revenue share ends').waitFor();
    await investor.getByRole('heading', { name: 'Payout simulator' }).waitFor();
    await investor.getByText('Returns are not guaranteed.', { exact: false }).first().waitFor();
    await expectAccessible(investor, 'campaign page with payout simulator');
    expect(errors).toEqual([]);
  });

  test('after a payout the ledger, the investments and the revenue share all add up', async ({ open }) => {
    await revenueCampaign('paid');
    const { page: admin, errors } = await personPage(open, ADMIN.login, ADMIN.password);
    await admin.goto('/backoffice/funds');
    await admin.getByRole('button', { name: 'Check now' }).click();
    const result = admin.getByRole('status').filter({ hasText: 'Revenue share' });
    await result.waitFor();
    await expect.poll(() => result.getByText('Everything adds up.').count()).toBe(3);
    expect(errors).toEqual([]);
  });
});
