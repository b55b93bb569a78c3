// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import SuspensePage from './suspense-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});
// No transfer to a revenue IBAN is parked, unless a test says otherwise.
beforeEach(() => {
  stubApi({ 'GET /api/backoffice/payments/revenue-suspense/': () => jsonResponse(200, { items: [] }) });
});

const admin = member({ staff_role: 'admin' });
const parked = {
  payin_id: 'wt_42',
  amount_cents: 25_000,
  payer_name: 'Charles Babbage',
  user_id: 'u1',
  username: 'ada',
  member_name: 'Ada Lovelace',
  received_at: '2026-11-20T10:00:00Z',
  payer_iban: 'FR7630006000011234567890189',
  state: 'parked',
  return_payout_id: null,
  return_failure: null,
};

/** What the admin types in the return form: the payer's address (the country comes from the IBAN). */
async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Street and number/ }), '1 Rue de Rivoli');
  await user.type(screen.getByRole('textbox', { name: /City/ }), 'Paris');
  await user.type(screen.getByRole('textbox', { name: /Postal code/ }), '75001');
}

const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('back office: the suspense account', () => {
  it('credits a parked transfer only after the admin confirms who and how much', async () => {
    let items = [parked];
    const fetchMock = stubApi({
      'GET /api/backoffice/payments/suspense/': () => jsonResponse(200, { items }),
      'POST /api/backoffice/payments/suspense/wt_42/assign': () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    const row = (await screen.findByRole('rowheader', { name: 'Charles Babbage' })).closest('tr')!;
    expect(within(row).getByText('€250.00')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace (ada)')).toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', { name: 'Credit €250.00 from Charles Babbage to Ada Lovelace (ada)' }),
    );
    const ask = screen.getByRole('group', {
      name: /^Credit €250.00 paid by Charles Babbage to the wallet of Ada Lovelace \(ada\)\?/,
    });
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Credit €250.00 from Charles Babbage/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, credit the member' }));
    expect(await screen.findByText('€250.00 credited to Ada Lovelace (ada).')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(String(post?.[0])).toContain('/api/backoffice/payments/suspense/wt_42/assign');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ confirm: 'wt_42' });
    expect(await screen.findByText('No transfer is parked.')).toBeInTheDocument();
    // Many steps on a shared, busy machine: more than the default 5 s.
  }, 20_000);

  it('says so when a return is refused, and keeps the transfer listed', async () => {
    stubApi({
      'GET /api/backoffice/payments/suspense/': () => jsonResponse(200, { items: [parked] }),
      'POST /api/backoffice/payments/suspense/wt_42/return': () =>
        jsonResponse(503, {
          success: false,
          code: 'paymentProviderUnavailable',
          message: 'Il fornitore dei pagamenti non risponde.',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    await screen.findByRole('rowheader', { name: 'Charles Babbage' });
    await user.click(screen.getByRole('button', { name: 'Send €250.00 back to Charles Babbage' }));
    screen.getByRole('group', { name: /^Send €250.00 back to Charles Babbage, the account it came from\?/ });
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Yes, send it back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/payment provider/i);
    expect(screen.getByRole('rowheader', { name: 'Charles Babbage' })).toBeInTheDocument();
  });

  it('asks for the payer’s address before sending back: checked here, then by the server, field by field', async () => {
    let items: unknown[] = [parked];
    let answers = 0;
    const fetchMock = stubApi({
      'GET /api/backoffice/payments/suspense/': () => jsonResponse(200, { items }),
      'POST /api/backoffice/payments/suspense/wt_42/return': () => {
        answers++;
        if (answers === 1)
          return jsonResponse(400, {
            success: false,
            code: 'kybPostalCodeInvalid',
            message: 'Please enter the postal code (up to 16 letters, digits, spaces or dashes).',
            errors: {
              'address.postal_code':
                'Please enter the postal code (up to 16 letters, digits, spaces or dashes).',
            },
            error_codes: { 'address.postal_code': 'kybPostalCodeInvalid' },
          });
        items = [{ ...parked, state: 'returning', return_payout_id: 'po_9' }];
        return jsonResponse(200, { state: 'returning', payout_id: 'po_9', failure: null });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    await screen.findByRole('rowheader', { name: 'Charles Babbage' });
    await user.click(screen.getByRole('button', { name: 'Send €250.00 back to Charles Babbage' }));
    // The country starts as the payer IBAN's.
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('FR');

    // Empty: each field says what is missing, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Yes, send it back' }));
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveAccessibleDescription(
      'Please fill in all required fields.',
    );
    expect(screen.getByRole('textbox', { name: /Postal code/ })).toBeInvalid();
    expect(posts(fetchMock)).toHaveLength(0);

    // The server refuses a part: the reason is on its field and the form stays.
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Yes, send it back' }));
    expect(
      await screen.findByText('Please enter the postal code (up to 16 letters, digits, spaces or dashes).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Postal code/ })).toBeInvalid();

    await user.click(screen.getByRole('button', { name: 'Yes, send it back' }));
    expect(
      await screen.findByText(
        '€250.00 is being sent back to Charles Babbage (payout po_9). The row stays listed until the provider confirms it.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock)[1]?.[1]?.body))).toEqual({
      confirm: 'wt_42',
      address: { line1: '1 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' },
    });
    // On its way: listed with its payout, nothing to decide.
    const row = (await screen.findByText('Payout po_9')).closest('tr')!;
    expect(within(row).getByText('Being sent back: waiting for the payment provider.')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  }, 30_000);

  it('shows why the last return failed, in Italian too, and offers to send it back again', async () => {
    stubApi({
      'GET /api/backoffice/payments/suspense/': () =>
        jsonResponse(200, {
          items: [
            { ...parked, return_payout_id: 'po_3', return_failure: 'Bank account refused the transfer' },
          ],
        }),
    });
    await act(() => i18n.changeLanguage('it'));
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    const row = (await screen.findByRole('rowheader', { name: 'Charles Babbage' })).closest('tr')!;
    expect(
      within(row).getByText(
        "L'ultima restituzione non è riuscita: Bank account refused the transfer. Puoi restituirlo di nuovo.",
      ),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: /^Restituisci 250,00\s€ a Charles Babbage$/ }),
    ).toBeEnabled();
  });

  it('a reviewer is told the screen is for administrators', async () => {
    stubApi({
      'GET /api/backoffice/payments/suspense/': () =>
        jsonResponse(403, { success: false, code: 'forbidden', message: 'Forbidden' }),
    });
    renderScreen(<SuspensePage />, {
      path: '/backoffice/suspense',
      auth: member({ staff_role: 'reviewer' }),
    });
    expect(await screen.findByRole('heading', { name: 'For administrators only' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Suspense account' })).not.toBeInTheDocument();
  });

  it('sends a transfer to a revenue IBAN back after the admin confirms', async () => {
    let items = [
      {
        payin_id: 'wt_77',
        campaign_id: 'c1',
        campaign_title: 'Lanterns of Vesper',
        amount_cents: 15_000,
        payer_name: 'Vesper Games Srl',
        received_at: '2026-11-20T10:00:00Z',
        payer_iban: 'IT60X0542811101000000123456',
        state: 'parked',
        return_payout_id: null,
        return_failure: null,
      },
    ];
    const fetchMock = stubApi({
      'GET /api/backoffice/payments/suspense/': () => jsonResponse(200, { items: [] }),
      'GET /api/backoffice/payments/revenue-suspense/': () => jsonResponse(200, { items }),
      'POST /api/backoffice/payments/revenue-suspense/wt_77/return': () => {
        items = [];
        return jsonResponse(200, { state: 'returning', payout_id: 'po_12', failure: null });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SuspensePage />, { path: '/backoffice/suspense', auth: admin });
    const row = (await screen.findByRole('rowheader', { name: 'Vesper Games Srl' })).closest('tr')!;
    expect(within(row).getByText('Lanterns of Vesper')).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', { name: 'Send €150.00 back to Vesper Games Srl (Lanterns of Vesper)' }),
    );
    expect(posts(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('IT');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Yes, send it back' }));
    expect(
      await screen.findByText(
        '€150.00 is being sent back to Vesper Games Srl (payout po_12). The row stays listed until the provider confirms it.',
      ),
    ).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(String(post?.[0])).toContain('/api/backoffice/payments/revenue-suspense/wt_77/return');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      confirm: 'wt_77',
      address: { line1: '1 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'IT' },
    });
    expect(await screen.findByText('No transfer to a revenue IBAN is parked.')).toBeInTheDocument();
  }, 20_000);
});
