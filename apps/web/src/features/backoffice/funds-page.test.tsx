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
    const user = userEvent.setup();
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    await screen.findByText('No withdrawal is waiting.');
    await user.type(screen.getByLabelText(/^Personal reference/), 'IS-2222-2222');
    await user.type(screen.getByLabelText(/^Amount in euros/), '100');
    await user.type(screen.getByLabelText(/^Bank transaction id/), 'B-1');
    await user.click(screen.getByRole('button', { name: 'Credit the wallet' }));
    const reference = screen.getByLabelText(/^Personal reference/);
    await vi.waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
    expect(reference).toHaveValue('IS-2222-2222');
    expect(screen.getByLabelText(/^Bank transaction id/)).toHaveValue('B-1');
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
    const user = userEvent.setup();
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: admin });
    await screen.findByText('No withdrawal is waiting.');
    await user.type(screen.getByLabelText(/paste its contents/), 'date,amount');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Credited: 1 (€100.00). Skipped: 1.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Result of each row' });
    expect(within(table).getByText('Already recorded')).toBeInTheDocument();
  });

  it('shows the 403 screen to a reviewer', async () => {
    stubApi({
      'GET /api/backoffice/funds/withdrawals?status=requested': () =>
        jsonResponse(403, {
          success: false,
          code: 'adminOnly',
          message: 'Only an administrator can do this.',
        }),
    });
    renderScreen(<FundsPage />, { path: '/backoffice/funds', auth: member({ staff_role: 'reviewer' }) });
    expect(await screen.findByText('403')).toBeInTheDocument();
  });
});
