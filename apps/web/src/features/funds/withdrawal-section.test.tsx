// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSecondFactor } from '../../test/answers.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { DepositInstructions } from './deposit-instructions.tsx';
import { WithdrawalSection } from './withdrawal-section.tsx';

// The form asks whether the member has a second factor to confirm with: none in these tests.
beforeEach(() => server.use(http.get('/api/mfa/', noSecondFactor)));
afterEach(() => vi.unstubAllGlobals());

const open = {
  id: 'w1',
  amount_cents: 2_500,
  iban: 'IT60X0542811101000000123456',
  account_holder: 'Alice Example',
  status: 'requested',
  bank_reference: null,
  note: null,
  created_at: '2026-03-02T10:00:00Z',
  started_at: null as string | null,
  decided_at: null,
  account_confirmation: null as string | null,
};

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    await user.type(input, value);
  }
}

describe('withdrawal form', () => {
  it('asks an unverified member to verify the address first, and still lists their requests', async () => {
    stubApi({ 'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [open] }) });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member({ isEmailVerified: false }) });
    expect(
      await screen.findByText('Please verify your email address before withdrawing money.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).not.toBeInTheDocument();
    expect(await screen.findByText('Requested')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a fourth open request above the form, keeping the values', async () => {
    stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
      'POST /api/funds/withdrawals/': () =>
        jsonResponse(409, { success: false, code: 'tooManyOpenWithdrawals', message: 'x', error: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member() });
    await screen.findByText('You have not asked for any withdrawal yet.');
    await fill(user, {
      'Amount in euros': '10',
      'Account holder': 'Alice Example',
      'IBAN of your account': 'IT60 X054 2811 1010 0000 0123 456',
    });
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await screen.findByText(/You already have 3 withdrawal requests waiting to be paid/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Amount in euros/)).toHaveValue('10');
  });

  it('shows an invalid IBAN next to its field, sends nothing and keeps every value', async () => {
    const fetchMock = stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member() });
    await screen.findByText('You have not asked for any withdrawal yet.');
    await fill(user, {
      'Amount in euros': '120,50',
      'Account holder': 'Alice Example',
      'IBAN of your account': 'IT61 X054 2811 1010 0000 0123 456',
    });
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));

    const iban = screen.getByLabelText(/^IBAN of your account/);
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    expect(iban).toHaveAccessibleDescription(/Please enter a valid IBAN/);
    expect(iban).toHaveValue('IT61 X054 2811 1010 0000 0123 456');
    expect(screen.getByLabelText(/^Amount in euros/)).toHaveValue('120,50');
    expect(screen.getByLabelText(/^Amount in euros/)).not.toHaveAttribute('aria-invalid');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('puts the server’s refusal next to the amount and keeps the values; a success clears the form', async () => {
    let balance = 1_000;
    const fetchMock = stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
      'POST /api/funds/withdrawals/': async (request) => {
        const body = await request.json();
        const cents = Math.round(Number(body.amount.replace(',', '.')) * 100);
        if (cents > balance)
          return jsonResponse(409, {
            success: false,
            code: 'insufficientFunds',
            message: 'Your available balance is not enough for this amount.',
          });
        balance -= cents;
        return jsonResponse(201, { ...open, amount_cents: cents });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member() });
    await screen.findByText('You have not asked for any withdrawal yet.');
    await fill(user, {
      'Amount in euros': '25',
      'Account holder': 'Alice Example',
      'IBAN of your account': 'de89 3704 0044 0532 0130 00',
    });
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));

    const amount = screen.getByLabelText(/^Amount in euros/);
    expect(
      await screen.findByText('Your available balance is not enough for this amount.'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveValue('25');
    expect(screen.getByLabelText(/^IBAN of your account/)).toHaveValue('de89 3704 0044 0532 0130 00');
    expect(screen.getByLabelText(/^Account holder/)).toHaveValue('Alice Example');
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1];
    expect(JSON.parse(String(sent?.body))).toEqual({
      amount: '25',
      iban: 'de89 3704 0044 0532 0130 00',
      account_holder: 'Alice Example',
    });

    await fill(user, { 'Amount in euros': '7,50' });
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(/Your request for €7.50 is recorded/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Amount in euros/)).toHaveValue('');
  });

  it('asks for the holder’s address where the payment provider pays, and sends it', async () => {
    const fetchMock = stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
      'POST /api/funds/withdrawals/': () => jsonResponse(201, { ...open, amount_cents: 4_000 }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection askAddress />, { path: '/portfolio', auth: member() });
    await screen.findByText('You have not asked for any withdrawal yet.');
    await fill(user, {
      'Amount in euros': '40',
      'Account holder': 'Alice Example',
      'IBAN of your account': 'IT60 X054 2811 1010 0000 0123 456',
    });
    // Without the address nothing is sent, and the first missing part says so.
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByLabelText(/^Street and number/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await fill(user, { 'Street and number': 'Via Roma 1', 'Postal code': '20121', City: 'Milano' });
    await user.selectOptions(screen.getByLabelText(/^Country/), 'IT');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(/Your request for €40.00 is recorded/)).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1];
    expect(JSON.parse(String(sent?.body))).toEqual({
      amount: '40',
      iban: 'IT60 X054 2811 1010 0000 0123 456',
      account_holder: 'Alice Example',
      holder_address: { line1: 'Via Roma 1', city: 'Milano', postal_code: '20121', country: 'IT' },
    });
  });

  it('asks for no address in manual mode', async () => {
    stubApi({ 'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }) });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member() });
    await screen.findByText('You have not asked for any withdrawal yet.');
    expect(screen.queryByLabelText(/^Street and number/)).not.toBeInTheDocument();
  });

  it('lists the member’s requests and cancels an open one', async () => {
    let withdrawals = [open, { ...open, id: 'w2', status: 'paid', bank_reference: 'SEPA-1' }];
    stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals }),
      'POST /api/funds/withdrawals/w1/cancel': () => {
        withdrawals = withdrawals.map((w) => (w.id === 'w1' ? { ...w, status: 'cancelled' } : w));
        return jsonResponse(200, withdrawals[0]);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member() });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Bank reference: SEPA-1')).toBeInTheDocument();
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: /Cancel request of €25.00/ }));
    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a withdrawal an admin has started paying', () => {
  it('shows as being paid, says why it can no longer be cancelled, and offers no Cancel button', async () => {
    stubApi({
      'GET /api/funds/withdrawals/': () =>
        jsonResponse(200, {
          withdrawals: [
            { ...open, id: 'w3', status: 'processing', started_at: '2026-03-03T09:30:00Z' },
            { ...open, id: 'w4', amount_cents: 1_000 },
          ],
        }),
    });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member() });
    const list = await screen.findByRole('list');
    const [processing, requested] = within(list).getAllByRole('listitem');
    expect(within(processing!).getByText('Being paid')).toBeInTheDocument();
    expect(
      within(processing!).getByText(/^We started paying it on .*2026.*: it can no longer be cancelled\.$/),
    ).toBeInTheDocument();
    expect(within(processing!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(requested!).getByRole('button', { name: /Cancel request of €10.00/ })).toBeInTheDocument();
  });

  it('shows the server’s refusal when the payment started after the list was loaded', async () => {
    let withdrawals = [open];
    stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals }),
      'POST /api/funds/withdrawals/w1/cancel': () => {
        withdrawals = [{ ...open, status: 'processing', started_at: '2026-03-03T09:30:00Z' }];
        return jsonResponse(409, {
          success: false,
          code: 'withdrawalBeingPaid',
          message: 'x',
        });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection />, { path: '/portfolio', auth: member() });
    const list = await screen.findByRole('list');
    await user.click(within(list).getByRole('button', { name: /Cancel request of €25.00/ }));
    expect(
      await within(list).findByText(
        'We have already started paying this withdrawal, so it can no longer be cancelled. We will email you when it is paid.',
      ),
    ).toBeInTheDocument();
    // The list is read again: the request shows its new state, without the button.
    expect(await within(list).findByText('Being paid')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the bank account a provider pays to (ADR 0039)', () => {
  const waiting = { ...open, account_confirmation: 'pending' };
  const CONFIRM = 'POST /api/payments/withdrawals/w1/confirm-account/';
  const SCA = 'https://provider.example/sca/rec_1?returnUrl=https%3A%2F%2Fapp.example%2Fportfolio%2Fwallet';

  /** Where the page sends the browser, instead of leaving the test's document. */
  function watchNavigation() {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    return assign;
  }

  async function askForWithdrawal(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('You have not asked for any withdrawal yet.');
    await fill(user, {
      'Amount in euros': '25',
      'Account holder': 'Alice Example',
      'IBAN of your account': 'IT60 X054 2811 1010 0000 0123 456',
      'Street and number': 'Via Roma 1',
      'Postal code': '20121',
      City: 'Milano',
    });
    await user.selectOptions(screen.getByLabelText(/^Country/), 'IT');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
  }

  it('right after the request, sends the member to the provider’s page to confirm the account', async () => {
    const assign = watchNavigation();
    const fetchMock = stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
      'POST /api/funds/withdrawals/': () => jsonResponse(201, waiting),
      [CONFIRM]: () => jsonResponse(200, { status: 'PENDING', confirm_url: SCA }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection askAddress />, { path: '/portfolio', auth: member() });
    await askForWithdrawal(user);
    expect(
      await screen.findByText(
        'Your request for €25.00 is recorded. Taking you to our payment provider to confirm your bank account…',
      ),
    ).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith(SCA);
    const posts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url]) => String(url));
    expect(posts).toEqual(['/api/funds/withdrawals/', '/api/payments/withdrawals/w1/confirm-account/']);
  });

  it('an IBAN already confirmed needs no new confirmation: no call, no redirect', async () => {
    const assign = watchNavigation();
    const fetchMock = stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
      'POST /api/funds/withdrawals/': () => jsonResponse(201, { ...open, account_confirmation: 'confirmed' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection askAddress />, { path: '/portfolio', auth: member() });
    await askForWithdrawal(user);
    expect(
      await screen.findByText(
        /Your request for €25.00 is recorded\. It is paid to your bank account, already confirmed/,
      ),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('confirm-account'))).toBe(false);
  });

  it('a provider down when confirming: the request is recorded, the reason shown, and the list offers to confirm', async () => {
    const assign = watchNavigation();
    let withdrawals: Array<typeof waiting> = [];
    stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals }),
      'POST /api/funds/withdrawals/': () => {
        withdrawals = [waiting];
        return jsonResponse(201, waiting);
      },
      [CONFIRM]: () =>
        jsonResponse(503, { success: false, code: 'paymentProviderUnavailable', message: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection askAddress />, { path: '/portfolio', auth: member() });
    await askForWithdrawal(user);
    expect(
      await screen.findByText(
        /Your request for €25.00 is recorded, but the confirmation of your bank account could not start: Our payment provider is not answering right now/,
      ),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    const list = await screen.findByRole('list');
    expect(
      await within(list).findByRole('button', {
        name: /Confirm your bank account for the request of €25.00/,
      }),
    ).toBeInTheDocument();
  });

  it('a waiting request says why it is not paid and confirms its account from the list', async () => {
    const assign = watchNavigation();
    stubApi({
      'GET /api/funds/withdrawals/': () =>
        jsonResponse(200, {
          withdrawals: [
            waiting,
            { ...open, id: 'w2', amount_cents: 1_000, account_confirmation: 'not_confirmed' },
            { ...open, id: 'w3', amount_cents: 700, account_confirmation: 'confirmed' },
            {
              ...open,
              id: 'w4',
              amount_cents: 500,
              status: 'processing',
              started_at: '2026-03-03T09:30:00Z',
            },
          ],
        }),
      [CONFIRM]: () => jsonResponse(200, { status: 'PENDING', confirm_url: SCA }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection askAddress />, { path: '/portfolio', auth: member() });
    const list = await screen.findByRole('list');
    const [pending, cancelled, confirmed, processing] = within(list).getAllByRole('listitem');
    expect(
      within(pending!).getByText(/^Waiting for you to confirm your bank account with our payment provider/),
    ).toBeInTheDocument();
    expect(
      within(cancelled!).getByText(/^Your bank account was not confirmed with our payment provider/),
    ).toBeInTheDocument();
    expect(
      within(cancelled!).getByRole('button', { name: /^Confirm your bank account/ }),
    ).toBeInTheDocument();
    expect(within(confirmed!).getByText(/^Your bank account is confirmed/)).toBeInTheDocument();
    expect(within(confirmed!).queryByRole('button', { name: /^Confirm your bank account/ })).toBeNull();
    expect(within(confirmed!).getByRole('button', { name: /Cancel request of €7.00/ })).toBeInTheDocument();
    expect(within(processing!).queryByRole('button')).toBeNull();

    await user.click(within(pending!).getByRole('button', { name: /^Confirm your bank account/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(SCA));
  });

  it('a refused confirmation is said on the request, and nobody is sent anywhere', async () => {
    const assign = watchNavigation();
    stubApi({
      'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [waiting] }),
      [CONFIRM]: () =>
        jsonResponse(409, { success: false, code: 'withdrawalAccountNotWaiting', message: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WithdrawalSection askAddress />, { path: '/portfolio', auth: member() });
    const list = await screen.findByRole('list');
    await user.click(within(list).getByRole('button', { name: /^Confirm your bank account/ }));
    expect(
      await within(list).findByText(/^This withdrawal is no longer waiting for your bank account/),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('deposit instructions', () => {
  it('show the beneficiary, the IBAN in groups of four and the personal reference', async () => {
    stubApi({
      'GET /api/funds/deposit-instructions/': () =>
        jsonResponse(200, {
          currency: 'EUR',
          iban: 'IT60X0542811101000000123456',
          bic: 'XXXXITXXXXX',
          beneficiary: 'IndieSplit S.r.l.',
          reference: 'IS-7K3M-Q9TX',
        }),
    });
    renderScreen(<DepositInstructions />, { path: '/portfolio', auth: member() });
    expect(await screen.findByText('IS-7K3M-Q9TX')).toBeInTheDocument();
    expect(screen.getByText('IT60 X054 2811 1010 0000 0123 456')).toBeInTheDocument();
    expect(screen.getByText('IndieSplit S.r.l.')).toBeInTheDocument();
  });
});
