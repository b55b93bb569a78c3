// @vitest-environment jsdom
import type { RevenueReportDto } from '@indiesplit/shared/revenue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import ReportsPage from './reports-page.tsx';
import { campaignDto, distributionDto, reportDto } from './test-data.ts';

afterEach(() => vi.unstubAllGlobals());
// Manual mode: no payment provider, so no revenue IBAN panel (features/payments/revenue-pool-panel.tsx).
beforeEach(() => {
  stubApi({
    'GET /api/payments/revenue/c1/': () =>
      jsonResponse(200, { mode: 'manual', account: null, due: [], sandbox_bank_url: null }),
  });
});
// Typing into many fields is slow on a busy machine: these screens get more time than the default.
vi.setConfig({ testTimeout: 20_000 });

const LIST = 'GET /api/my-campaigns/c1/revenue-reports/';
const route = { path: '/my-campaigns/:id/reports', route: '/my-campaigns/c1/reports', auth: member() };

function listed(reports: RevenueReportDto[] = []) {
  return () => jsonResponse(200, { campaign: campaignDto(), reports });
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  JSON.parse(fetchMock.mock.calls.find(([u]) => u === url)![1]!.body as string);

describe('revenue reports of a campaign', () => {
  it('lists the reports with their period, status, net, comment and distribution', async () => {
    stubApi({
      [LIST]: listed([
        reportDto({
          id: 'r2',
          period_kind: 'quarter',
          period_start: '2027-04-01',
          period_end: '2027-06-30',
          status: 'returned',
          review_comment: 'The Steam statement is missing.',
        }),
        reportDto({
          status: 'verified',
          statement_name: 'steam-february.pdf',
          distribution: distributionDto({ status: 'paid' }),
        }),
      ]),
    });
    renderScreen(<ReportsPage />, route);
    expect(await screen.findByRole('heading', { name: 'Revenue reports: Neon Drift' })).toBeInTheDocument();
    expect(screen.getByText('Jan 14, 2030')).toBeInTheDocument();

    const quarter = screen.getByRole('article', { name: 'Q2 2027' });
    expect(within(quarter).getByText('Sent back', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(quarter).getByText('The Steam statement is missing.')).toBeInTheDocument();
    expect(within(quarter).getByRole('button', { name: 'Correct and resend' })).toBeInTheDocument();

    const february = screen.getByRole('article', { name: 'February 2027' });
    expect(within(february).getByText('Verified', { selector: '[data-status]' })).toBeInTheDocument();
    const distribution = within(february).getByRole('region', { name: 'Distribution' });
    expect(within(distribution).getByText('€1,000.00')).toBeInTheDocument();
    expect(within(distribution).getByText('€100.00')).toBeInTheDocument();
    expect(within(distribution).getByText('€900.00')).toBeInTheDocument();
    expect(within(distribution).getByText('Paid')).toBeInTheDocument();
    expect(within(february).getByRole('link', { name: 'steam-february.pdf' })).toHaveAttribute(
      'href',
      '/api/revenue-reports/r1/statement',
    );
    expect(within(february).getByRole('button', { name: 'File an adjustment' })).toBeInTheDocument();
  });

  it('files a report in exact cents, shows live totals and attaches the statement', async () => {
    let created: RevenueReportDto | null = null;
    const fetchMock = stubApi({
      [LIST]: () => listed(created ? [created] : [])(),
      'POST /api/my-campaigns/c1/revenue-reports': () => {
        created = reportDto({ id: 'r9', period_start: '2027-03-01', period_end: '2027-03-31' });
        return jsonResponse(201, created);
      },
      'POST /api/revenue-reports/r9/statement': () =>
        jsonResponse(200, { ...created, statement_name: 'march.pdf' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportsPage />, route);
    await user.click(await screen.findByRole('button', { name: 'File a report' }));
    // The month due is proposed.
    expect(screen.getByLabelText(/^Month/)).toHaveValue('2027-03');

    const first = screen.getByRole('group', { name: 'Store 1' });
    await user.selectOptions(within(first).getByRole('combobox'), 'Steam');
    await user.type(within(first).getByLabelText('Gross sales (€)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Add a store' }));
    const second = screen.getByRole('group', { name: 'Store 2' });
    await user.selectOptions(within(second).getByRole('combobox'), 'Meta Quest');
    await user.type(within(second).getByLabelText('Gross sales (€)'), '1250,20');
    await user.type(within(second).getByLabelText('Store fees (€)'), '375.06');
    await user.type(within(second).getByLabelText('Taxes (€)'), '0.01');
    expect(screen.getByText('Net revenue:').parentElement).toHaveTextContent('Net revenue: €875.23');

    const pdf = new File(['%PDF-1.4'], 'march.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/^Statement file/), pdf);
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(/Report sent/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/my-campaigns/c1/revenue-reports')).toEqual({
      kind: 'regular',
      period_kind: 'month',
      period_start: '2027-03-01',
      lines: [
        { store: 'steam', gross_cents: 10, store_fees_cents: 0, refunds_cents: 0, taxes_cents: 0 },
        { store: 'meta', gross_cents: 125_020, store_fees_cents: 37_506, refunds_cents: 0, taxes_cents: 1 },
      ],
    });
    const upload = fetchMock.mock.calls.find(([u]) => u === '/api/revenue-reports/r9/statement')![1]!
      .body as FormData;
    expect((upload.get('statement') as File).name).toBe('march.pdf');
    expect(await screen.findByRole('article', { name: 'March 2027' })).toBeInTheDocument();
    // The month's report is the moment to tell the backers how it went.
    const note = screen.getByRole('region', { name: 'Tell your backers how the month went' });
    expect(within(note).getByRole('link', { name: 'Write this month’s update' })).toHaveAttribute(
      'href',
      '/my-campaigns/updates/neon-drift',
    );
  });

  it('fills the rows from a CSV file, and names the bad row of a broken one', async () => {
    stubApi({ [LIST]: listed() });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportsPage />, route);
    await user.click(await screen.findByRole('button', { name: 'File a report' }));
    const csvInput = screen.getByLabelText(/^Import CSV/);
    const good = 'store,gross,store_fees,refunds,taxes\nSteam,1250.50,375.15,10,0\nnintendo,99.99,30,0,1.5\n';
    await user.upload(csvInput, new File([good], 'sales.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Rows imported from sales.csv: 2.')).toBeInTheDocument();
    const second = screen.getByRole('group', { name: 'Store 2' });
    expect(within(second).getByRole('combobox')).toHaveValue('nintendo');
    expect(within(second).getByLabelText('Gross sales (€)')).toHaveValue('99.99');
    expect(screen.getByText('Net revenue:').parentElement).toHaveTextContent('Net revenue: €933.84');

    const bad = 'store,gross,store_fees,refunds,taxes\nsteam,10,1,0,0\nxbox,12.345,0,0,0\n';
    await user.upload(csvInput, new File([bad], 'bad.csv', { type: 'text/csv' }));
    // 12.345 is twelve thousand in Italy and twelve in England: refused with its own message.
    expect(await screen.findByText(/^Row 3: An amount such as 1.250 or 1,250/)).toBeInTheDocument();
    expect(csvInput).toHaveAttribute('aria-invalid', 'true');
    // The rows already there stay as they were.
    expect(
      within(screen.getByRole('group', { name: 'Store 1' })).getByLabelText('Gross sales (€)'),
    ).toHaveValue('1250.50');
  });

  it('shows the server’s error next to the period, focuses it and keeps the figures', async () => {
    stubApi({
      [LIST]: listed(),
      'POST /api/my-campaigns/c1/revenue-reports': () =>
        jsonResponse(422, {
          success: false,
          code: 'reportPeriodNotOver',
          message: 'x',
          error_codes: { period_start: 'reportPeriodNotOver' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportsPage />, route);
    await user.click(await screen.findByRole('button', { name: 'File a report' }));
    const row = screen.getByRole('group', { name: 'Store 1' });
    await user.selectOptions(within(row).getByRole('combobox'), 'Xbox');
    await user.type(within(row).getByLabelText('Gross sales (€)'), '500');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    const month = screen.getByLabelText(/^Month/);
    await vi.waitFor(() => expect(month).toHaveAttribute('aria-invalid', 'true'));
    expect(month).toHaveFocus();
    expect(
      screen.getAllByText('This period has not ended yet: file the report once it is over.'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('This period has not ended yet');
    expect(within(row).getByLabelText('Gross sales (€)')).toHaveValue('500');
  });

  it('refuses a negative amount in a regular report before sending it', async () => {
    const fetchMock = stubApi({ [LIST]: listed() });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportsPage />, route);
    await user.click(await screen.findByRole('button', { name: 'File a report' }));
    const row = screen.getByRole('group', { name: 'Store 1' });
    await user.selectOptions(within(row).getByRole('combobox'), 'Steam');
    await user.type(within(row).getByLabelText('Refunds (€)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const refunds = within(row).getByLabelText('Refunds (€)');
    await vi.waitFor(() => expect(refunds).toHaveAttribute('aria-invalid', 'true'));
    expect(refunds).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('files an adjustment to a verified report for the same period, with negative figures', async () => {
    const fetchMock = stubApi({
      [LIST]: listed([reportDto({ status: 'verified', distribution: distributionDto() })]),
      'POST /api/my-campaigns/c1/revenue-reports': () =>
        jsonResponse(201, reportDto({ id: 'r5', kind: 'adjustment', adjusts_report_id: 'r1' })),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportsPage />, route);
    await user.click(await screen.findByRole('button', { name: 'File an adjustment' }));
    expect(screen.getByText('Period: February 2027 (the same as the verified report).')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Month/)).not.toBeInTheDocument();
    const steam = screen.getByRole('group', { name: 'Store 1' });
    expect(within(steam).getByRole('combobox')).toHaveValue('steam');
    await user.type(within(steam).getByLabelText('Refunds (€)'), '120.50');
    await user.type(within(steam).getByLabelText('Gross sales (€)'), '-0.05');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/Report sent/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/my-campaigns/c1/revenue-reports')).toEqual({
      kind: 'adjustment',
      adjusts_report_id: 'r1',
      period_kind: 'month',
      period_start: '2027-02-01',
      lines: [
        { store: 'steam', gross_cents: -5, store_fees_cents: 0, refunds_cents: 12_050, taxes_cents: 0 },
        { store: 'xbox', gross_cents: 0, store_fees_cents: 0, refunds_cents: 0, taxes_cents: 0 },
      ],
    });
  });

  it('edits a report sent back with PUT, starting from its figures', async () => {
    const fetchMock = stubApi({
      [LIST]: listed([reportDto({ status: 'returned', review_comment: 'Xbox refunds are wrong.' })]),
      'PUT /api/revenue-reports/r1': () => jsonResponse(200, reportDto()),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReportsPage />, route);
    await user.click(await screen.findByRole('button', { name: 'Correct and resend' }));
    const xbox = screen.getByRole('group', { name: 'Store 2' });
    const refunds = within(xbox).getByLabelText('Refunds (€)');
    expect(refunds).toHaveValue('50.00');
    await user.clear(refunds);
    await user.type(refunds, '55');
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText(/Report sent/)).toBeInTheDocument();
    // A correction is not a new month: no update is asked for.
    expect(
      screen.queryByRole('region', { name: 'Tell your backers how the month went' }),
    ).not.toBeInTheDocument();
    const body = bodyOf(fetchMock, '/api/revenue-reports/r1');
    expect(body.period_start).toBe('2027-02-01');
    expect(body.lines[1]).toEqual({
      store: 'xbox',
      gross_cents: 150_000,
      store_fees_cents: 45_000,
      refunds_cents: 5_500,
      taxes_cents: 0,
    });
  });
});
