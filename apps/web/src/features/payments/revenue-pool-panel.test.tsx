import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { RevenuePoolPanel } from './revenue-pool-panel.tsx';

const CAMPAIGN = '7d7c5f0e-1f1a-4c8e-9a53-0b7f2d0c1a11';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function show(body: Record<string, unknown>) {
  stubApi({ [`GET /api/payments/revenue/${CAMPAIGN}/`]: () => jsonResponse(200, body) });
  renderScreen(<RevenuePoolPanel campaignId={CAMPAIGN} />, {
    path: '/my-campaigns',
    auth: member(),
  });
}

const account = { iban: 'IT60X0542811101000000123456', bic: 'SNDBITMMXXX', holder_name: 'IndieSplit' };
const due = [
  {
    distribution_id: 'd1',
    sequence: 3,
    period_start: '2026-03-01',
    period_end: '2026-03-31',
    amount_cents: 123_456,
  },
];

describe('the revenue pool panel', () => {
  it('shows the studio the campaign’s revenue IBAN and the pool awaiting its payment', async () => {
    show({ mode: 'sandbox', account, due, sandbox_bank_url: 'http://127.0.0.1:1/sandbox/bank?iban=x' });
    expect(await screen.findByTestId('revenue-iban')).toHaveTextContent('IT60 X054 2811 1010 0000 0123 456');
    expect(screen.getByText('IndieSplit')).toBeInTheDocument();
    expect(screen.getByText(/Distribution no\. 3/)).toBeInTheDocument();
    expect(screen.getByText(/1,234\.56/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sandbox bank/ })).toBeInTheDocument();
  });

  it('in Italian, and says when nothing is due', async () => {
    await act(() => i18n.changeLanguage('it'));
    show({ mode: 'mangopay', account, due: [], sandbox_bank_url: null });
    expect(await screen.findByText('Al momento nulla è in attesa del tuo pagamento.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Versa il montante dei ricavi' })).toBeInTheDocument();
  });

  it('shows nothing in manual mode', async () => {
    show({ mode: 'manual', account: null, due: [], sandbox_bank_url: null });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Pay the revenue pool' })).toBeNull();
  });
});
