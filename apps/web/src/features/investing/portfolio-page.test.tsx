import type { InvestmentDto } from '@indiesplit/shared/investing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import PortfolioPage from './portfolio-page.tsx';

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

function renderPortfolio(investments: InvestmentDto[]) {
  stubApi({
    'GET /api/portfolio/': () =>
      jsonResponse(200, { investments, totals: [{ currency: 'EUR', committed_cents: 25_000 }] }),
    'GET /api/wallet/': () => jsonResponse(200, { balances: [], transactions: [], next_before: null }),
    // The other sections of the page, not looked at here.
    'GET /api/funds/withdrawals/': () => jsonResponse(200, { withdrawals: [] }),
    'GET /api/funds/deposit-instructions/': () => jsonResponse(404, { success: false, code: 'notFound' }),
    'GET /api/payments/account/': () =>
      jsonResponse(200, {
        mode: 'manual',
        identity: { status: 'not_started', reason: null },
        account: null,
        sandbox_bank_url: null,
      }),
    'GET /api/mfa/': () => jsonResponse(404, { success: false, code: 'notFound' }),
  });
  renderScreen(<PortfolioPage />, { path: '/portfolio', auth: member() });
}

afterEach(() => vi.unstubAllGlobals());

describe('the portfolio', () => {
  it('names the key information sheet each investment acknowledged and links its PDF', async () => {
    renderPortfolio([investment(), investment({ id: 'i0', key_information_version: null })]);
    const link = await screen.findByRole('link', { name: 'Version 2 (PDF)' });
    expect(link).toHaveAttribute('href', '/api/campaigns/neon-drift/key-information/versions/2.pdf?lang=en');
    // An investment made before versions existed names none.
    expect(screen.getAllByText('Key information acknowledged')).toHaveLength(1);
  });
});
