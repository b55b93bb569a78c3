// @vitest-environment jsdom
import type { ReconciliationDto } from '@indiesplit/shared/payments';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../../test/render.tsx';
import { ReconciliationPanel } from './reconciliation-panel.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const admin = member({ staff_role: 'admin' });
const URL = '/api/backoffice/payments/reconciliation/';

const clean: ReconciliationDto = {
  id: 'r1',
  trigger: 'nightly',
  started_at: '2026-11-26T02:00:00Z',
  finished_at: '2026-11-26T02:00:04Z',
  window_start: '2026-11-25T00:00:00Z',
  window_end: '2026-11-26T00:00:00Z',
  accounts_checked: 41,
  transactions_checked: 120,
  ok: true,
  differences: [],
};

const short: ReconciliationDto = {
  ...clean,
  id: 'r2',
  trigger: 'manual',
  accounts_checked: 42,
  ok: false,
  differences: [
    {
      kind: 'balance',
      account: 'wallet:u1:EUR',
      wallet_id: 'wlt_1',
      expected_cents: 400_000,
      provider_cents: 550_000,
      transaction_id: null,
      entries: [
        {
          source: 'ledger',
          id: '77',
          kind: 'deposit',
          amount_cents: 400_000,
          status: 'single',
          at: '2026-11-25T09:00:00Z',
        },
        {
          source: 'provider',
          id: 'wt_9',
          kind: 'PAYIN',
          amount_cents: 150_000,
          status: 'SUCCEEDED',
          at: '2026-11-25T10:00:00Z',
        },
      ],
    },
    {
      kind: 'unknown_in_ledger',
      account: 'wallet:u1:EUR',
      wallet_id: 'wlt_1',
      expected_cents: null,
      provider_cents: null,
      transaction_id: 'wt_9',
      entries: [
        {
          source: 'provider',
          id: 'wt_9',
          kind: 'PAYIN',
          amount_cents: 150_000,
          status: 'SUCCEEDED',
          at: '2026-11-25T10:00:00Z',
        },
      ],
    },
  ],
};

describe('back office: reconciliation with the payment provider', () => {
  it('shows the last nightly result, and a run asked for now with each difference and its entries', async () => {
    const fetchMock = stubApi({
      [`GET ${URL}`]: () => jsonResponse(200, { mode: 'sandbox', last: clean }),
      [`POST ${URL}`]: () => jsonResponse(200, short),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReconciliationPanel />, { path: '/backoffice/funds', auth: admin });
    expect(await screen.findByText('The provider and the ledger agree.')).toBeInTheDocument();
    expect(screen.getByText(/\(nightly\).*41 wallets and 120 provider transactions/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText('2 differences found:')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(screen.getByText(/\(asked for by an admin\)/)).toBeInTheDocument();
    expect(
      screen.getByText('wallet:u1:EUR: the ledger expects €4,000.00 at the provider, which holds €5,500.00.'),
    ).toBeInTheDocument();
    const entries = screen.getAllByRole('table')[0]!;
    const rows = within(entries).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Ledger77deposit \(single\)€4,000\.00/),
      expect.stringMatching(/^Providerwt_9PAYIN \(SUCCEEDED\)€1,500\.00/),
    ]);
    expect(screen.getByText('Unknown to the ledger.')).toBeInTheDocument();
    expect(screen.getByText('Transaction wt_9 (wallet:u1:EUR).')).toBeInTheDocument();
  });

  it('says so when a run is already going, in the reader’s language, and keeps the last result', async () => {
    stubApi({
      [`GET ${URL}`]: () => jsonResponse(200, { mode: 'mangopay', last: clean }),
      [`POST ${URL}`]: () =>
        jsonResponse(409, {
          success: false,
          code: 'reconciliationRunning',
          message:
            'Una riconciliazione con il fornitore di pagamenti è già in corso. Attendi il suo risultato.',
        }),
    });
    await act(() => i18n.changeLanguage('it'));
    const user = userEvent.setup({ delay: null });
    renderScreen(<ReconciliationPanel />, { path: '/backoffice/funds', auth: admin });
    await user.click(await screen.findByRole('button', { name: 'Riconcilia ora' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/già in corso/);
    expect(screen.getByText('Il fornitore e il registro contabile coincidono.')).toBeInTheDocument();
  });

  it('in manual mode there is nothing to reconcile, and no button', async () => {
    stubApi({ [`GET ${URL}`]: () => jsonResponse(200, { mode: 'manual', last: null }) });
    renderScreen(<ReconciliationPanel />, { path: '/backoffice/funds', auth: admin });
    expect(await screen.findByText(/No payment provider is configured/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconcile now' })).toBeNull();
  });
});
