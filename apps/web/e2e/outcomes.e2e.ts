import { formatMoney } from '@indiesplit/shared/money';
import type { OutcomeDto } from '@indiesplit/shared/revenue';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, snapshot, watchErrors } from './helpers.ts';

// The public record of outcomes against the real server: the seeded funded campaign (Starfall
// Couriers) with the figures the API reads from the ledger, in English and in Italian, reached from
// the footer. Nothing here changes any data; the figures are read at the time of the test, so
// whatever other tests did to the campaign before, the page must show the API's figures.

const SLUG = 'starfall-couriers';
const TITLE = 'Starfall Couriers';

async function seededOutcome(page: Page): Promise<OutcomeDto> {
  const res = await page.request.get('/api/outcomes/');
  expect(res.status()).toBe(200);
  const outcome = ((await res.json()).outcomes as OutcomeDto[]).find((o) => o.slug === SLUG);
  if (!outcome) throw new Error('the seeded funded campaign is not in the outcomes');
  // A funded campaign raised money, through the ledger.
  expect(outcome.raised_cents).toBeGreaterThan(0);
  return outcome;
}

const texts = {
  en: {
    heading: 'Outcomes',
    footer: 'Outcomes',
    notLaunched: 'Not launched yet',
    months: (o: OutcomeDto) => `${o.months_elapsed} of ${o.term_months} months`,
    health: {
      none_due: 'No report due yet',
      on_time: 'Reports on time',
      cured: 'Late reports caught up',
      overdue: 'Report overdue',
      default: 'In default',
    },
  },
  it: {
    heading: 'Risultati',
    footer: 'Risultati',
    notLaunched: 'Non ancora uscito',
    months: (o: OutcomeDto) => `${o.months_elapsed} di ${o.term_months} mesi`,
    health: {
      none_due: 'Nessun rendiconto ancora dovuto',
      on_time: 'Rendiconti puntuali',
      cured: 'Ritardi recuperati',
      overdue: 'Rendiconto scaduto',
      default: 'Inadempiente',
    },
  },
} as const;

for (const lang of ['en', 'it'] as const) {
  test(`shows the seeded funded campaign's figures from the ledger (${lang})`, async ({ open }) => {
    const page = await open({ locale: lang === 'en' ? 'en-US' : 'it-IT' });
    const errors = watchErrors(page);
    const words = texts[lang];
    const outcome = await seededOutcome(page);

    // Reached from the footer of any page.
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: words.footer, exact: true }).click();
    await expect(page).toHaveURL(/\/outcomes$/);
    await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();

    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: TITLE, exact: true }) });
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    const money = (cents: number) => formatMoney(cents, 'EUR', lang);
    await expect(cells.nth(0)).toHaveText(money(outcome.raised_cents));
    if (outcome.launched_on === null) {
      await expect(cells.nth(1)).toHaveText(words.notLaunched);
      await expect(cells.nth(5)).toHaveText('—');
    } else {
      await expect(cells.nth(2)).toHaveText(words.months(outcome));
      await expect(cells.nth(5)).toHaveText(words.health[outcome.health ?? 'none_due']);
    }
    await expect(cells.nth(3)).toHaveText(money(outcome.paid_cents));
    const multiple = new Intl.NumberFormat(lang, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(outcome.multiple);
    await expect(cells.nth(4)).toHaveText(`${multiple}×`);
    // The multiple is what was paid over what was raised.
    expect(outcome.multiple).toBe(Math.round((outcome.paid_cents * 100) / outcome.raised_cents) / 100);

    await row.getByRole('link', { name: TITLE, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();
    await expectAccessible(page, `outcomes ${lang}`);
    await snapshot(page, `outcomes-${lang}`);
    expect(errors).toEqual([]);
  });
}
