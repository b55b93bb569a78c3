// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import PortfolioRoute from '../../app/portfolio-route.tsx';
import { noSecondFactor } from '../../test/answers.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { portfolio, statement2027 } from './fixtures.ts';
import StatementPage from './statement-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPortfolio(revenue: () => Response, section: 'payouts' | 'documents' = 'payouts') {
  const fetchMock = stubApi({
    'GET /api/portfolio/': () => jsonResponse(200, { investments: [], totals: [] }),
    'GET /api/wallet/': () => jsonResponse(200, { balances: [], transactions: [], next_before: null }),
    'GET /api/portfolio/revenue/': revenue,
    // the page's other sections: deposits and withdrawals
    'GET /api/funds/deposit-instructions/': () =>
      jsonResponse(200, {
        currency: 'EUR',
        iban: 'IT60X0542811101000000123456',
        bic: 'XXXXITXXXXX',
        beneficiary: 'IndieSplit S.r.l.',
        reference: 'IS-7K3M-Q9TX',
      }),
    'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
    'GET /api/mfa/': noSecondFactor,
  });
  renderScreen(<PortfolioRoute />, {
    path: paths.portfolioSection(),
    route: paths.portfolioSection(section),
    auth: member(),
  });
  return fetchMock;
}

/** A period's waterfall as [step, amount] pairs, found by its table's caption. */
function waterfall(caption: string): [string, string][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1) // the (visually hidden) column headers
    .map((row) => [
      within(row).getByRole('rowheader').textContent ?? '',
      within(row).getByRole('cell').textContent ?? '',
    ]);
}

/** A holding's facts, as term -> value. */
function facts(holding: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of within(holding).getAllByRole('term'))
    out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return out;
}

describe('the portfolio’s revenue share', () => {
  it('shows each holding’s figures, with the campaign link and the time left', async () => {
    renderPortfolio(() => jsonResponse(200, portfolio));
    const section = await screen.findByRole('region', { name: 'Revenue share' });
    const neon = await within(section).findByRole('article', { name: 'Neon Drift' });
    expect(within(neon).getByRole('link', { name: 'Campaign page' })).toHaveAttribute(
      'href',
      paths.campaign('neon-drift'),
    );
    expect(facts(neon)).toEqual({
      'Launch date': 'Mar 15, 2027',
      'Term ends': 'Mar 14, 2030',
      'Time left': '24 months left',
      Invested: '€500.00',
      'Payouts to date': '€210.00',
      'Multiple on money': '0.42×',
    });

    const demo = within(section).getByRole('article', { name: 'Demo Quest' });
    expect(facts(demo)).toEqual({
      'Launch date': 'Not launched yet',
      'Term ends': 'Starts at launch',
      Invested: '€100.00demo',
      'Payouts to date': '€0.00demo',
      'Multiple on money': '0.00×',
    });
    expect(within(demo).getByText('No revenue report has been verified yet.')).toBeInTheDocument();

    const old = within(section).getByRole('article', { name: 'Old Times' });
    expect(within(old).queryByRole('link', { name: 'Campaign page' })).not.toBeInTheDocument();
    expect(facts(old)['Time left']).toBe('Term ended');
    expect(facts(old)['Multiple on money']).toBe('1.25×');
  });

  it('lays out every period from gross revenue to the investor’s share, newest first', async () => {
    renderPortfolio(() => jsonResponse(200, portfolio));
    const neon = await screen.findByRole('article', { name: 'Neon Drift' });
    const captions = within(neon)
      .getAllByRole('table')
      .map((t) => t.querySelector('caption')?.textContent);
    expect(captions).toEqual([
      'May 2027: revenue waterfall',
      'April 2027: revenue waterfall',
      'March 2027 (adjustment): revenue waterfall',
      'March 2027: revenue waterfall',
    ]);

    expect(waterfall('March 2027: revenue waterfall')).toEqual([
      ['Gross revenue', '€10,000.00'],
      ['Store fees', '-€3,000.00'],
      ['Refunds and taxes', '-€500.00'],
      ['Net revenue', '€6,500.00'],
      ['Revenue share (7.5% of net revenue)', '€487.50'],
      ['Revenue pool', '€487.50'],
      ['Platform (10% of the pool)', '-€48.75'],
      ['All investors', '€438.75'],
      ['Your share', '€10.96'],
    ]);
    // A loss-making month pays nothing and carries its loss forward.
    expect(waterfall('April 2027: revenue waterfall')).toEqual([
      ['Gross revenue', '€1,000.00'],
      ['Store fees', '-€300.00'],
      ['Refunds and taxes', '-€2,000.00'],
      ['Net revenue', '-€1,300.00'],
      ['Revenue share (7.5% of net revenue)', '-€97.50'],
      ['Loss carried over to the next period', '€97.50'],
      ['Revenue pool', '€0.00'],
      ['Platform (10% of the pool)', '€0.00'],
      ['All investors', '€0.00'],
      ['Your share', '€0.00'],
    ]);
    expect(waterfall('March 2027 (adjustment): revenue waterfall')).toEqual([
      ['Gross revenue', '€1,000.00'],
      ['Store fees', '-€300.00'],
      ['Refunds and taxes', '€0.00'],
      ['Net revenue', '€700.00'],
      ['Revenue share (7.5% of net revenue)', '€52.50'],
      ['Losses carried over from earlier periods', '-€97.50'],
      ['Loss carried over to the next period', '€45.00'],
      ['Revenue pool', '€0.00'],
      ['Platform (10% of the pool)', '€0.00'],
      ['All investors', '€0.00'],
      ['Your share', '€0.00'],
    ]);
    expect(waterfall('May 2027: revenue waterfall')).toEqual([
      ['Gross revenue', '€8,000.00'],
      ['Store fees', '-€2,400.00'],
      ['Refunds and taxes', '-€1,600.00'],
      ['Net revenue', '€4,000.00'],
      ['Revenue share (7.5% of net revenue)', '€300.00'],
      ['Losses carried over from earlier periods', '-€45.00'],
      ['Revenue pool', '€255.00'],
      ['Platform (10% of the pool)', '-€25.50'],
      ['All investors', '€229.50'],
      ['Your share', '€0.00'],
    ]);

    // Status in words, and the adjustment labelled.
    expect(within(neon).getByText('Awaiting the developer’s payment')).toBeInTheDocument();
    expect(within(neon).getByText('Paid on Apr 20, 2027')).toBeInTheDocument();
    expect(within(neon).getByText('Adjustment')).toBeInTheDocument();
  });

  it('starts each holding closed, with what it paid and when it last paid in one line', async () => {
    renderPortfolio(() => jsonResponse(200, portfolio));
    const section = await screen.findByRole('region', { name: 'Revenue share' });
    const summaries = (await within(section).findAllByTestId('holding-summary')).map((s) => s.textContent);
    expect(summaries).toEqual([
      'Received so far: €210.00 · last payout Apr 20, 2027',
      'Received so far: €0.00demo · no payout yet',
      expect.stringMatching(/^Received so far: .* · /),
    ]);
    const details = [...section.querySelectorAll('details')];
    expect(details).toHaveLength(3);
    expect(details.every((d) => !d.open)).toBe(true);
    // The summary is the disclosure's button: a click (or Enter on it) opens the waterfalls.
    await userEvent.click(within(section).getByRole('heading', { name: 'Neon Drift' }));
    expect(details[0]!.open).toBe(true);
    expect(details[1]!.open).toBe(false);
  });

  it('links each year’s statement in the documents, as a CSV download and as a printable page', async () => {
    renderPortfolio(() => jsonResponse(200, portfolio), 'documents');
    const section = await screen.findByRole('region', { name: 'Statements' });
    const csv = await within(section).findByRole('link', { name: 'Download CSV for Neon Drift, 2027' });
    expect(csv).toHaveTextContent('Download CSV');
    expect(csv).toHaveAttribute('href', '/api/portfolio/revenue/c1/statement?year=2027&format=csv');
    expect(csv).toHaveAttribute('download');
    const printable = within(section).getByRole('link', { name: 'Printable statement for Neon Drift, 2027' });
    expect(printable).toHaveTextContent('Printable statement');
    expect(printable).toHaveAttribute('href', '/portfolio/statements/c1/2027');
    expect(within(section).getByRole('link', { name: 'Download CSV for Neon Drift, 2028' })).toHaveAttribute(
      'href',
      '/api/portfolio/revenue/c1/statement?year=2028&format=csv',
    );
    // A holding that has paid nothing has no statement to list.
    expect(within(section).queryByRole('link', { name: /Demo Quest/ })).not.toBeInTheDocument();
  });

  it('says so when the investor has no revenue-share holdings', async () => {
    renderPortfolio(() => jsonResponse(200, { holdings: [] }));
    const section = await screen.findByRole('region', { name: 'Revenue share' });
    expect(
      await within(section).findByText(
        'You have no revenue-share holdings yet. When a campaign you invested in is funded, its revenue share appears here.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the revenue share cannot be loaded', async () => {
    let calls = 0;
    renderPortfolio(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { code: 'serverError', message: 'Boom.' })
        : jsonResponse(200, { holdings: [] });
    });
    const section = await screen.findByRole('region', { name: 'Revenue share' });
    expect(await within(section).findByText('We could not load your revenue share.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have no revenue-share holdings yet/)).toBeInTheDocument();
  });
});

describe('the printable statement', () => {
  const route = paths.revenueStatement('c1', '2027');
  const url = '/api/portfolio/revenue/c1/statement?year=2027&format=json';

  function renderStatement(answer: () => Response, at = route) {
    const fetchMock = stubApi({ [`GET ${url}`]: answer });
    renderScreen(<StatementPage />, { path: paths.revenueStatement(), route: at, auth: member() });
    return fetchMock;
  }

  it('shows the investor, the campaign, every payout and the total, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderStatement(() => jsonResponse(200, statement2027));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Revenue-share statement 2027' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Alice Rossi', { exact: false })).toHaveTextContent(
      'Alice Rossialice@example.com',
    );
    expect(screen.getByText('Neon Drift')).toBeInTheDocument();
    expect(screen.getByText('€500.00')).toBeInTheDocument();

    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows[1]).toEqual([
      'Apr 20, 2027',
      'March 2027 (Mar 1, 2027 – Mar 31, 2027)',
      'Regular',
      '€6,500.00',
      '€487.50',
      '€438.75',
      '€10.96',
    ]);
    expect(rows[2]).toEqual([
      'Oct 20, 2027',
      'Q3 2027 (Jul 1, 2027 – Sep 30, 2027)',
      'Adjustment',
      '€1,200.00',
      '€90.00',
      '€81.00',
      '€2.02',
    ]);
    const total = screen.getByRole('row', { name: /^Total/ });
    expect(within(total).getByRole('cell')).toHaveTextContent('€12.98');
    expect(screen.getByText(/^Generated on Jan 10, 2028/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your portfolio' })).toHaveAttribute(
      'href',
      paths.portfolio,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when there is no such statement', async () => {
    renderStatement(() => jsonResponse(404, { code: 'notFound', message: 'Not found.' }));
    expect(await screen.findByText('There is no statement for this campaign and year.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('does not ask the server for a year that is not a year', async () => {
    const fetchMock = renderStatement(
      () => jsonResponse(200, statement2027),
      paths.revenueStatement('c1', 'abc'),
    );
    expect(await screen.findByText('There is no statement for this campaign and year.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/statement'))).toBe(false);
  });
});
