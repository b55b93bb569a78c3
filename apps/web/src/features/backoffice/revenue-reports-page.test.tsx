// @vitest-environment jsdom
import type { RevenueReportDto } from '@indiesplit/shared/revenue';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { distributionDto, reportDto } from '../revenue/test-data.ts';
import RevenueReportsPage from './revenue-reports-page.tsx';

afterEach(() => vi.unstubAllGlobals());
// Typing into many fields is slow on a busy machine: these screens get more time than the default.
vi.setConfig({ testTimeout: 20_000 });

const admin = member({ staff_role: 'admin' });
const WAITING = 'GET /api/backoffice/revenue-reports/?status=submitted';
const route = { path: '/backoffice/revenue', auth: admin };

describe('back office: revenue reports', () => {
  it('shows a waiting report with its lines, totals and statement, and verifies it', async () => {
    let waiting: RevenueReportDto[] = [reportDto({ statement_name: 'feb.pdf' })];
    const fetchMock = stubApi({
      [WAITING]: () => jsonResponse(200, { reports: waiting }),
      'POST /api/backoffice/revenue-reports/r1/verify': () => {
        waiting = [];
        return jsonResponse(
          200,
          reportDto({ status: 'verified', distribution: distributionDto({ status: 'awaiting_funds' }) }),
        );
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<RevenueReportsPage />, route);
    const card = await screen.findByRole('article', { name: 'Neon Drift · February 2027' });
    const table = within(card).getByRole('table', { name: 'Figures by store, Neon Drift · February 2027' });
    const xbox = within(table).getByRole('row', { name: /Xbox/ });
    expect(xbox).toHaveTextContent('€1,500.00');
    expect(xbox).toHaveTextContent('€450.00');
    expect(xbox).toHaveTextContent('€1,000.00');
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('€8,000.00');
    expect(within(card).getByRole('link', { name: 'Download the statement (feb.pdf)' })).toHaveAttribute(
      'href',
      '/api/revenue-reports/r1/statement',
    );

    await user.click(within(card).getByRole('button', { name: 'Verify Neon Drift · February 2027' }));
    // Nothing is sent yet: the admin is asked, with the campaign, the month and the net revenue.
    const ask = within(card).getByRole('group', {
      name: 'Verify the report of Neon Drift for February 2027, with net revenue of €8,000.00? This creates the investors’ distribution and cannot be undone.',
    });
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/verify'))).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Yes, verify' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Verified: Neon Drift, February 2027.');
    const distribution = within(done).getByRole('region', { name: 'Distribution' });
    expect(distribution).toHaveTextContent('€1,000.00');
    expect(distribution).toHaveTextContent('€100.00');
    expect(distribution).toHaveTextContent('€900.00');
    expect(distribution).toHaveTextContent('Awaiting funds');
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/backoffice/revenue-reports/r1/verify')!;
    // The report as the admin saw it: the server refuses if the developer changed it since.
    expect(JSON.parse(call[1]!.body as string)).toEqual({ updated_at: '2027-03-05T09:00:00.000Z' });
    expect(await screen.findByText('No report in this list.')).toBeInTheDocument();
  });

  it('shows the report as it is now when the developer changed it after the admin opened it', async () => {
    let waiting: RevenueReportDto[] = [reportDto()];
    const fetchMock = stubApi({
      [WAITING]: () => jsonResponse(200, { reports: waiting }),
      'POST /api/backoffice/revenue-reports/r1/verify': () => {
        waiting = [reportDto({ net_cents: 100_000, updated_at: '2027-03-05T10:00:00.000Z' })];
        return jsonResponse(409, {
          success: false,
          code: 'reportChangedSinceViewed',
          message: 'x',
          error: 'x',
        });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<RevenueReportsPage />, route);
    const card = await screen.findByRole('article', { name: 'Neon Drift · February 2027' });
    await user.click(within(card).getByRole('button', { name: 'Verify Neon Drift · February 2027' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, verify' }));
    expect(
      await screen.findByText(
        'The developer changed this report after you opened it. Look at the new figures and statement, then decide again.',
      ),
    ).toBeInTheDocument();
    // The list is asked for again, so the admin now sees the changed report.
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => `GET ${u}` === WAITING).length).toBeGreaterThanOrEqual(2),
    );
  });

  it('asks in Italian too, and sends nothing when the admin cancels', async () => {
    const fetchMock = stubApi({ [WAITING]: () => jsonResponse(200, { reports: [reportDto()] }) });
    await act(() => i18n.changeLanguage('it'));
    try {
      const user = userEvent.setup({ delay: null });
      renderScreen(<RevenueReportsPage />, route);
      const card = await screen.findByRole('article', { name: /^Neon Drift · / });
      const verifyButton = within(card).getByRole('button', { name: /^Verifica Neon Drift/ });
      await user.click(verifyButton);
      const ask = within(card).getByRole('group', {
        name: /^Verificare il rendiconto di Neon Drift per .*, con ricavi netti di 8\.?000,00\s€\?/,
      });
      await user.click(within(ask).getByRole('button', { name: 'Annulla' }));
      expect(within(card).queryByRole('group')).not.toBeInTheDocument();
      await vi.waitFor(() =>
        expect(within(card).getByRole('button', { name: /^Verifica Neon Drift/ })).toHaveFocus(),
      );
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('asks the server for demo reports only when the admin shows them', async () => {
    const fetchMock = stubApi({
      [WAITING]: () => jsonResponse(200, { reports: [reportDto()] }),
      [`${WAITING}&include_demo=true`]: () =>
        jsonResponse(200, {
          reports: [
            reportDto(),
            reportDto({
              id: 'r9',
              currency: 'DEMO',
              campaign: { id: 'c9', slug: null, title: 'Moss Knight' },
            }),
          ],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<RevenueReportsPage />, route);
    await screen.findByRole('article', { name: 'Neon Drift · February 2027' });
    expect(screen.queryByRole('article', { name: /^Moss Knight/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show demo rounds' }));
    expect(await screen.findByRole('article', { name: /^Moss Knight/ })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/backoffice/revenue-reports/?status=submitted&include_demo=true',
    );
  });

  it('sends a report back only with a comment', async () => {
    const fetchMock = stubApi({
      [WAITING]: () => jsonResponse(200, { reports: [reportDto()] }),
      'POST /api/backoffice/revenue-reports/r1/return': () =>
        jsonResponse(200, reportDto({ status: 'returned', review_comment: 'Attach the Steam statement.' })),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<RevenueReportsPage />, route);
    const card = await screen.findByRole('article', { name: 'Neon Drift · February 2027' });
    await user.click(within(card).getByRole('button', { name: 'Send back Neon Drift · February 2027' }));
    await user.click(within(card).getByRole('button', { name: 'Send back to the developer' }));
    const comment = within(card).getByLabelText(/^Comment for the developer/);
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(comment).toHaveFocus();
    expect(
      within(card).getByText('Please write what the developer should change: they will read it.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/return'))).toBe(false);

    await user.type(comment, '  Attach the Steam statement.  ');
    await user.click(within(card).getByRole('button', { name: 'Send back to the developer' }));
    expect(await screen.findByText('Sent back: Neon Drift, February 2027.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/backoffice/revenue-reports/r1/return')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      comment: 'Attach the Steam statement.',
      updated_at: '2027-03-05T09:00:00.000Z',
    });
  });

  it('filters by status and shows the admin’s comment on a returned report', async () => {
    stubApi({
      [WAITING]: () => jsonResponse(200, { reports: [] }),
      'GET /api/backoffice/revenue-reports/?status=returned': () =>
        jsonResponse(200, {
          reports: [reportDto({ status: 'returned', review_comment: 'Wrong month.', currency: 'DEMO' })],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<RevenueReportsPage />, route);
    expect(await screen.findByText('No report in this list.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Sent back');
    const card = await screen.findByRole('article', { name: 'Neon Drift · February 2027' });
    expect(within(card).getByText('Comment sent to the developer: Wrong month.')).toBeInTheDocument();
    expect(within(card).getAllByText('demo').length).toBeGreaterThan(0);
    expect(within(card).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
  });

  it('shows the 403 screen to a reviewer', async () => {
    stubApi({
      [WAITING]: () => jsonResponse(403, { success: false, code: 'adminOnly', message: 'x' }),
    });
    renderScreen(<RevenueReportsPage />, {
      path: '/backoffice/revenue',
      auth: member({ staff_role: 'reviewer' }),
    });
    expect(await screen.findByText('403')).toBeInTheDocument();
  });
});
