// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import FundsPage from './funds-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = member({ staff_role: 'admin' });
const lists = {
  'GET /api/backoffice/funds/withdrawals?status=requested': () => jsonResponse(200, { withdrawals: [] }),
  'GET /api/backoffice/funds/deposits': () => jsonResponse(200, { deposits: [] }),
  'GET /api/backoffice/payments/reconciliation/': () => jsonResponse(200, { mode: 'manual', last: null }),
  'GET /api/backoffice/payments/releases/': () => jsonResponse(200, { items: [] }),
};

describe('back office: deposits and withdrawals', () => {
  it('keeps the deposit form and shows an unknown reference next to its field', async () => {
    stubApi({
      ...lists,
      'POST /api/backoffice/funds/deposits': () =>
        jsonResponse(422, {
          success: false,
          code: 'unknownDepositReference',
          message: 'No investor has this personal reference. Check it against the bank statement.',
          error_codes: { reference: 'unknownDepositReference' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    await screen.findByText('No withdrawal is waiting.');
    await user.type(screen.getByLabelText(/^Personal reference/), 'IS-2222-2222');
    await user.type(screen.getByLabelText(/^Amount in euros/), '100');
    await user.type(screen.getByLabelText(/^Bank transaction id/), 'B-1');
    await user.click(screen.getByRole('button', { name: 'Credit the wallet' }));
    await user.click(screen.getByRole('button', { name: 'Yes, credit the wallet' }));
    const reference = screen.getByLabelText(/^Personal reference/);
    await vi.waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
    await vi.waitFor(() => expect(reference).toHaveFocus());
    expect(reference).toHaveValue('IS-2222-2222');
    expect(screen.getByLabelText(/^Bank transaction id/)).toHaveValue('B-1');
  });

  it('credits a transfer only after the admin confirms the amount, reference and payer', async () => {
    const fetchMock = stubApi({
      ...lists,
      'POST /api/backoffice/funds/deposits': () =>
        jsonResponse(201, {
          id: 'd1',
          member: { id: 'u1', username: 'alice', email: 'alice@example.com' },
          amount_cents: 12_050,
          bank_transaction_id: 'B-7',
          value_date: '2026-03-02',
          payer_name: 'Ada Byron',
          recorded_by: 'demo_admin',
          created_at: '2026-03-03T09:00:00Z',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    await screen.findByText('No withdrawal is waiting.');
    await user.type(screen.getByLabelText(/^Personal reference/), 'IS-7K3M-Q9TX');
    await user.type(screen.getByLabelText(/^Amount in euros/), '120.50');
    await user.type(screen.getByLabelText(/^Bank transaction id/), 'B-7');
    await user.type(screen.getByLabelText(/^Payer/), 'Ada Byron');
    await user.click(screen.getByRole('button', { name: 'Credit the wallet' }));
    const ask = screen.getByRole('group', {
      name: 'Credit €120.50 paid by Ada Byron to the wallet with the reference IS-7K3M-Q9TX (bank transaction B-7)? The investor can use the money at once.',
    });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // Going back leaves the form as typed and still nothing sent.
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText(/^Amount in euros/)).toHaveValue('120.50');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Credit the wallet' }));
    await user.click(screen.getByRole('button', { name: 'Yes, credit the wallet' }));
    expect(await screen.findByText('€120.50 credited to alice.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      reference: 'IS-7K3M-Q9TX',
      amount: '120.50',
      bank_transaction_id: 'B-7',
      payer_name: 'Ada Byron',
    });
  });

  it('shows the per-row report of a CSV import', async () => {
    stubApi({
      ...lists,
      'POST /api/backoffice/funds/deposits/import': () =>
        jsonResponse(200, {
          rows: [
            {
              row: 2,
              result: 'credited',
              bank_transaction_id: 'B1',
              reference: 'IS-7K3M-Q9TX',
              amount_cents: 10_000,
              username: 'alice',
            },
            {
              row: 3,
              result: 'duplicate',
              bank_transaction_id: 'B1',
              reference: 'IS-7K3M-Q9TX',
              amount_cents: 10_000,
              username: null,
            },
          ],
          credited: 1,
          credited_cents: 10_000,
          skipped: 1,
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    await screen.findByText('No withdrawal is waiting.');
    await user.type(screen.getByLabelText(/paste its contents/), 'date,amount');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Credited: 1 (€100.00). Skipped: 1.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Result of each row' });
    expect(within(table).getByText('Already recorded')).toBeInTheDocument();
  });

  const withdrawal = {
    id: 'w1',
    amount_cents: 8_000,
    iban: 'IT60X0542811101000000123456',
    account_holder: 'Alice Example',
    status: 'requested',
    bank_reference: null,
    note: null,
    created_at: '2026-03-02T10:00:00Z',
    started_at: null,
    decided_at: null,
    account_confirmation: null,
    member: { id: 'u1', username: 'alice', email: 'alice@example.com' },
    started_by: null,
  };

  it('says, where the provider pays, whether each waiting request’s member has confirmed the account', async () => {
    stubApi({
      ...lists,
      'GET /api/backoffice/funds/withdrawals?status=requested': () =>
        jsonResponse(200, {
          withdrawals: [
            { ...withdrawal, account_confirmation: 'pending' },
            {
              ...withdrawal,
              id: 'w3',
              account_confirmation: 'confirmed',
              member: { id: 'u2', username: 'bruno', email: 'bruno@example.com' },
            },
          ],
        }),
    });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    const table = await screen.findByRole('table', { name: 'Withdrawals to pay' });
    expect(within(table).getByRole('row', { name: /alice/ })).toHaveTextContent(
      'Waiting for the member to confirm this account with the payment provider.',
    );
    expect(within(table).getByRole('row', { name: /bruno/ })).toHaveTextContent(
      'Confirmed by the member with the payment provider',
    );
  });

  it('starts the payment of a requested withdrawal, explaining that it can then no longer be cancelled', async () => {
    let status = 'requested';
    const fetchMock = stubApi({
      ...lists,
      'GET /api/backoffice/funds/withdrawals?status=requested': () =>
        jsonResponse(200, { withdrawals: status === 'requested' ? [withdrawal] : [] }),
      'GET /api/backoffice/funds/withdrawals?status=processing': () =>
        jsonResponse(200, {
          withdrawals:
            status === 'processing'
              ? [{ ...withdrawal, status, started_at: '2026-03-03T09:30:00Z', started_by: 'demo_admin' }]
              : [],
        }),
      'POST /api/backoffice/funds/withdrawals/w1/processing': () => {
        status = 'processing';
        return jsonResponse(200, { ...withdrawal, status });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    const table = await screen.findByRole('table', { name: 'Withdrawals to pay' });
    expect(
      screen.getByText(
        'Start the payment before sending the transfer: the investor can no longer cancel it.',
      ),
    ).toBeInTheDocument();
    // A requested one is started, not marked paid.
    expect(within(table).queryByRole('button', { name: /as paid/ })).not.toBeInTheDocument();
    await user.click(
      within(table).getByRole('button', { name: 'Start the payment of the withdrawal of €80.00 by alice' }),
    );
    // Nothing is sent before the admin confirms, with the investor and the amount in view.
    const ask = within(table).getByRole('group', {
      name: 'Start the payment of €80.00 to alice? From now on they can no longer cancel the withdrawal.',
    });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Yes, start the payment' }));
    expect(await screen.findByText(/The payment of €80.00 to alice is started/)).toBeInTheDocument();
    expect(await screen.findByText('No withdrawal is waiting.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url)).toEqual([
      '/api/backoffice/funds/withdrawals/w1/processing',
    ]);

    await user.click(screen.getByRole('button', { name: 'Being paid' }));
    expect(screen.getByRole('button', { name: 'Being paid' })).toHaveAttribute('aria-pressed', 'true');
    const being = await screen.findByRole('table', { name: 'Withdrawals to pay' });
    expect(
      within(being).getByRole('button', { name: 'Mark the withdrawal of €80.00 by alice as paid' }),
    ).toBeInTheDocument();
    expect(
      within(being).getByRole('button', { name: 'Reject the withdrawal of €80.00 by alice' }),
    ).toBeInTheDocument();
    expect(within(being).queryByRole('button', { name: /Start the payment/ })).not.toBeInTheDocument();
    // Who started it, and when, for the record.
    expect(within(being).getByText(/^Payment started .*2026.* by demo_admin$/)).toBeInTheDocument();
    expect(
      screen.queryByText(
        'Start the payment before sending the transfer: the investor can no longer cancel it.',
      ),
    ).not.toBeInTheDocument();
  });

  it('marks a processing withdrawal paid with the bank reference, and shows a refused start', async () => {
    let processing = [{ ...withdrawal, id: 'w2', status: 'processing' }];
    const fetchMock = stubApi({
      ...lists,
      'GET /api/backoffice/funds/withdrawals?status=requested': () =>
        jsonResponse(200, { withdrawals: [withdrawal] }),
      'GET /api/backoffice/funds/withdrawals?status=processing': () =>
        jsonResponse(200, { withdrawals: processing }),
      'POST /api/backoffice/funds/withdrawals/w1/processing': () =>
        jsonResponse(409, { success: false, code: 'withdrawalNotOpen', message: 'x' }),
      'POST /api/backoffice/funds/withdrawals/w2/paid': () => {
        processing = [];
        return jsonResponse(200, { ...withdrawal, id: 'w2', status: 'paid', bank_reference: 'SEPA-9' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<FundsPage />, {
      path: '/backoffice/funds',
      route: '/backoffice/funds?withdrawals=processing',
      auth: admin,
    });
    const table = await screen.findByRole('table', { name: 'Withdrawals to pay' });
    await user.click(within(table).getByRole('button', { name: /as paid/ }));
    await user.type(screen.getByLabelText(/^Bank reference of the transfer/), 'SEPA-9');
    await user.click(screen.getByRole('button', { name: 'Confirm paid' }));
    const ask = screen.getByRole('group', {
      name: 'Record the withdrawal of €80.00 by alice as paid, with the bank reference SEPA-9? This cannot be undone.',
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/paid'))).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Yes, mark paid' }));
    expect(await screen.findByText('No withdrawal is being paid.')).toBeInTheDocument();
    const paid = fetchMock.mock.calls.find(([url]) => url === '/api/backoffice/funds/withdrawals/w2/paid');
    expect(JSON.parse(String(paid?.[1]?.body))).toEqual({ bank_reference: 'SEPA-9' });

    await user.click(screen.getByRole('button', { name: 'Waiting' }));
    const waiting = await screen.findByRole('table', { name: 'Withdrawals to pay' });
    await user.click(within(waiting).getByRole('button', { name: /Start the payment/ }));
    await user.click(within(waiting).getByRole('button', { name: 'Yes, start the payment' }));
    expect(
      await screen.findByText('This withdrawal request has already been paid, rejected or cancelled.'),
    ).toBeInTheDocument();
  });

  it('lists the money raised paid to the studios, with the provider’s ids, a refusal’s reason and what held money waits for', async () => {
    const release = {
      campaign_id: 'c1',
      campaign_title: 'Harbour Lights',
      amount_cents: 5_000_000,
      fee_cents: 250_000,
      net_cents: 4_750_000,
      status: 'payout_failed',
      reason: 'Bank account refused the transfer',
      waiting_for: 'payout_account',
      updated_at: '2026-11-28T10:00:00.000Z',
      studio_id: 's1',
      studio_username: 'faro_games',
      transfer_id: 'tr_1',
      payout_id: 'po_2',
    };
    stubApi({
      ...lists,
      'GET /api/backoffice/payments/releases/': () => jsonResponse(200, { items: [release] }),
    });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    const panel = await screen.findByRole('region', { name: 'Money raised, paid to the studios' });
    const row = await within(panel).findByRole('row', { name: /Harbour Lights/ });
    expect(row).toHaveTextContent('faro_games');
    expect(row).toHaveTextContent('€50,000.00');
    expect(row).toHaveTextContent('€2,500.00');
    expect(row).toHaveTextContent('refused by your bank');
    expect(row).toHaveTextContent('Bank account refused the transfer');
    expect(row).toHaveTextContent('tr_1 · po_2');
    // The money waits in the studio's wallet for a payout account its representative confirms.
    expect(row).toHaveTextContent('paid out once its legal representative confirms the payout account');
  });

  it('shows the 403 screen to a reviewer', async () => {
    const adminOnly = () =>
      jsonResponse(403, { success: false, code: 'adminOnly', message: 'Only an administrator can do this.' });
    stubApi({
      'GET /api/backoffice/funds/withdrawals?status=requested': adminOnly,
      'GET /api/backoffice/funds/deposits': adminOnly,
      'GET /api/backoffice/payments/reconciliation/': adminOnly,
      'GET /api/backoffice/payments/releases/': adminOnly,
    });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: member({ staff_role: 'reviewer' }) });
    expect(await screen.findByText('403')).toBeInTheDocument();
  });
});
