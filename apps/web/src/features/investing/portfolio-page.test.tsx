// @vitest-environment jsdom
import type { InvestmentDto } from '@indiesplit/shared/investing';
import type { WalletMovementDto, WalletMovementsResponse } from '@indiesplit/shared/wallet';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import PortfolioRoute from '../../app/portfolio-route.tsx';
import { noSecondFactor } from '../../test/answers.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';

const investment = (over: Partial<InvestmentDto> = {}): InvestmentDto => ({
  id: 'i1',
  campaign: {
    id: 'c1',
    slug: 'neon-drift',
    title: 'Neon Drift',
    status: 'live',
    deadline_at: '2026-12-20T10:00:00.000Z',
  },
  amount_cents: 25_000,
  currency: 'EUR',
  status: 'reserved',
  created_at: '2026-11-20T10:00:00.000Z',
  reflection_ends_at: '2026-11-24T10:00:00.000Z',
  revocable: false,
  high_amount_consent: false,
  key_information_version: 2,
  revoked_at: null,
  settled_at: null,
  ...over,
});

const lantern = { id: 'c2', title: 'Lantern Keepers', slug: 'lantern-keepers' };
const moss = { id: 'c3', title: 'Moss and Iron', slug: 'moss-and-iron' };

const move = (over: Partial<WalletMovementDto>): WalletMovementDto => ({
  id: 1,
  currency: 'EUR',
  kind: 'deposit',
  phase: 'single',
  amount_cents: 0,
  balance_after_cents: 0,
  reservation: null,
  campaign: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

/** The member's real-euro wallet as the server tells it: what the page must show, nothing else. */
interface State {
  available: number;
  reserved: number;
  movements: WalletMovementDto[];
  reservations: WalletMovementsResponse['reservations'];
  investments: InvestmentDto[];
}

function serve(state: State, route = '/portfolio') {
  const balance = () => ({
    currency: 'EUR' as const,
    posted_cents: state.available + state.reserved,
    reserved_cents: state.reserved,
    available_cents: state.available,
  });
  const fetchMock = stubApi({
    'GET /api/portfolio/': () =>
      jsonResponse(200, {
        investments: state.investments,
        totals: [
          {
            currency: 'EUR',
            committed_cents: state.investments
              .filter((i) => i.status === 'reserved' || i.status === 'posted')
              .reduce((s, i) => s + i.amount_cents, 0),
          },
        ],
      }),
    'GET /api/wallet/': () =>
      jsonResponse(200, {
        balances: [balance(), { currency: 'DEMO', posted_cents: 0, reserved_cents: 0, available_cents: 0 }],
        transactions: [],
        next_before: null,
      }),
    'GET /api/wallet/movements?currency=EUR': () =>
      jsonResponse(200, {
        balance: balance(),
        reservations: state.reservations,
        movements: state.movements,
        next_before: null,
      }),
    'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
    'POST /api/funds/withdrawals/': async (request) => {
      const body = await request.json();
      const cents = Math.round(Number(String(body.amount).replace(',', '.')) * 100);
      state.available -= cents;
      state.reserved += cents;
      state.reservations = [
        {
          id: 9,
          kind: 'withdrawal',
          amount_cents: cents,
          campaign: null,
          created_at: '2026-11-21T10:00:00.000Z',
        },
        ...state.reservations,
      ];
      state.movements = [
        move({
          id: 9,
          kind: 'withdrawal',
          phase: 'pending',
          amount_cents: -cents,
          balance_after_cents: state.available,
          reservation: 'held',
        }),
        ...state.movements,
      ];
      return jsonResponse(201, {
        id: 'w1',
        amount_cents: cents,
        iban: 'IT60X0542811101000000123456',
        account_holder: 'Alice Example',
        status: 'requested',
        bank_reference: null,
        note: null,
        created_at: '2026-11-21T10:00:00Z',
        started_at: null,
        decided_at: null,
      });
    },
    'GET /api/payments/account/': () =>
      jsonResponse(200, {
        mode: 'manual',
        identity: { status: 'not_started', reason: null },
        account: null,
        sandbox_bank_url: null,
      }),
    'GET /api/funds/deposit-instructions/': () =>
      jsonResponse(200, {
        currency: 'EUR',
        iban: 'IT60X0542811101000000123456',
        bic: 'XXXXITXXXXX',
        beneficiary: 'IndieSplit S.r.l.',
        reference: 'IS-7K3M-Q9TX',
      }),
    'GET /api/portfolio/revenue/': () => jsonResponse(200, { holdings: [] }),
    'GET /api/mfa/': noSecondFactor,
  });
  renderScreen(<PortfolioRoute />, { path: '/portfolio/:section?', route, auth: member() });
  return fetchMock;
}

const empty = (): State => ({ available: 0, reserved: 0, movements: [], reservations: [], investments: [] });

/** The figures on top of every section, as label -> amount. */
async function figures() {
  const list = await screen.findByTestId('portfolio-figures');
  const out: Record<string, string> = {};
  for (const term of within(list).getAllByRole('term'))
    out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return out;
}

afterEach(() => vi.unstubAllGlobals());

describe('the portfolio', () => {
  it('names the key information sheet each investment acknowledged and links its PDF', async () => {
    serve({
      ...empty(),
      investments: [investment(), investment({ id: 'i0', key_information_version: null })],
    });
    const link = await screen.findByRole('link', { name: 'Version 2 (PDF)' });
    expect(link).toHaveAttribute('href', '/api/campaigns/neon-drift/key-information/versions/2.pdf?lang=en');
    // An investment made before versions existed names none.
    expect(screen.getAllByText('Key information acknowledged')).toHaveLength(1);
  });

  it('splits into sections, each at its own address, the open one marked as the current page', async () => {
    serve(empty(), '/portfolio/wallet');
    const nav = await screen.findByRole('navigation', { name: 'Portfolio sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Investments', paths.portfolio],
      ['Wallet', '/portfolio/wallet'],
      ['Payouts', '/portfolio/payouts'],
      ['Documents', '/portfolio/documents'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Investments' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByText('No movements yet.')).toBeInTheDocument();
    // Only the open section is on the page.
    expect(screen.queryByRole('region', { name: 'Investments' })).not.toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'Documents' }));
    expect(await screen.findByRole('region', { name: 'Key information sheets' })).toBeInTheDocument();
    expect(screen.queryByText('No movements yet.')).not.toBeInTheDocument();
  });

  it('lists each movement once, signed as it changed the available balance, with the balance after it', async () => {
    serve(
      {
        ...empty(),
        available: 45_000,
        reserved: 5_000,
        reservations: [
          {
            id: 6,
            kind: 'withdrawal',
            amount_cents: 5_000,
            campaign: null,
            created_at: '2026-11-21T10:00:00Z',
          },
        ],
        movements: [
          move({
            id: 6,
            kind: 'withdrawal',
            phase: 'pending',
            amount_cents: -5_000,
            balance_after_cents: 45_000,
            reservation: 'held',
          }),
          move({
            id: 5,
            kind: 'investment',
            phase: 'void',
            amount_cents: 10_000,
            balance_after_cents: 50_000,
            campaign: moss,
          }),
          move({
            id: 4,
            kind: 'investment',
            phase: 'pending',
            amount_cents: -10_000,
            balance_after_cents: 40_000,
            reservation: 'released',
            campaign: moss,
          }),
          move({
            id: 2,
            kind: 'investment',
            phase: 'pending',
            amount_cents: -50_000,
            balance_after_cents: 50_000,
            reservation: 'completed',
            campaign: lantern,
          }),
          move({
            id: 1,
            kind: 'deposit',
            phase: 'single',
            amount_cents: 100_000,
            balance_after_cents: 100_000,
          }),
        ],
      },
      '/portfolio/wallet',
    );
    const list = await screen.findByRole('list', { name: 'Movements' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => [...li.querySelectorAll('p')].filter((_, i) => i !== 2).map((p) => p.textContent));
    expect(rows).toEqual([
      ['Held for your withdrawalawaiting payment', '-€50.00', 'Balance: €450.00'],
      ['Investment in Moss and Iron revoked: money back', '+€100.00', 'Balance: €500.00'],
      ['Investment in Moss and Ironrevoked', '-€100.00', 'Balance: €400.00'],
      ['Investment in Lantern Keepersinvested', '-€500.00', 'Balance: €500.00'],
      ['Bank transfer received', '+€1,000.00', 'Balance: €1,000.00'],
    ]);
    // The reserved money says what it is held for: the withdrawal, not an investment.
    const held = screen.getByRole('list', { name: 'What the reserved money is held for' });
    expect(
      within(held)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Held for your withdrawal: €50.00']);
  });

  it('updates every figure after a withdrawal request, without reloading the page', async () => {
    const state = {
      ...empty(),
      available: 30_000,
      movements: [move({ id: 1, amount_cents: 30_000, balance_after_cents: 30_000 })],
    };
    serve(state, '/portfolio/wallet');
    expect(await figures()).toMatchObject({ Available: '€300.00', Reserved: '€0.00' });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('You have not asked for any withdrawal yet.');
    await user.type(screen.getByLabelText(/^Amount in euros/), '40');
    await user.type(screen.getByLabelText(/^Account holder/), 'Alice Example');
    await user.type(screen.getByLabelText(/^IBAN of your account/), 'IT60 X054 2811 1010 0000 0123 456');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));

    await vi.waitFor(async () =>
      expect(await figures()).toMatchObject({ Available: '€260.00', Reserved: '€40.00' }),
    );
    const held = await screen.findByRole('list', { name: 'What the reserved money is held for' });
    expect(held).toHaveTextContent('Held for your withdrawal: €40.00');
    const list = screen.getByRole('list', { name: 'Movements' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      /Held for your withdrawal.*-€40\.00.*Balance: €260\.00/,
    );
  }, 20_000);

  it('speaks Italian', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('it');
    try {
      serve(
        {
          ...empty(),
          available: 10_000,
          reserved: 2_000,
          reservations: [
            {
              id: 2,
              kind: 'investment',
              amount_cents: 2_000,
              campaign: lantern,
              created_at: '2026-11-21T10:00:00Z',
            },
          ],
          movements: [
            move({
              id: 2,
              kind: 'investment',
              phase: 'pending',
              amount_cents: -2_000,
              balance_after_cents: 10_000,
              reservation: 'held',
              campaign: lantern,
            }),
          ],
        },
        '/portfolio/wallet',
      );
      expect(await screen.findByRole('navigation', { name: 'Sezioni del portfolio' })).toBeInTheDocument();
      const held = await screen.findByRole('list', { name: 'Per cosa è riservato il denaro' });
      expect(held).toHaveTextContent('Investimento in Lantern Keepers');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
