import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { ProviderDeposit } from './provider-deposit.tsx';

const account = (over: Record<string, unknown>) => ({
  mode: 'sandbox',
  identity: { status: 'not_started', reason: null },
  account: null,
  sandbox_bank_url: null,
  ...over,
});

function show(body: Record<string, unknown>) {
  stubApi({ 'GET /api/payments/account/': () => jsonResponse(200, body) });
  renderScreen(<ProviderDeposit manual={<p>Platform IBAN instructions</p>} />, {
    path: '/portfolio',
    auth: member(),
  });
}

describe('the deposit area', () => {
  it('in manual mode shows the platform’s bank transfer instructions', async () => {
    show(account({ mode: 'manual' }));
    expect(await screen.findByText('Platform IBAN instructions')).toBeInTheDocument();
  });

  it('asks a member to verify their identity first, and says why a check was refused', async () => {
    show(account({ identity: { status: 'refused', reason: 'DOCUMENT_UNREADABLE' } }));
    expect(await screen.findByRole('button', { name: 'Verify my identity' })).toBeInTheDocument();
    expect(screen.getByText(/refused the check: DOCUMENT_UNREADABLE/)).toBeInTheDocument();
    expect(screen.queryByText('Platform IBAN instructions')).toBeNull();
  });

  it('shows a verified member their personal IBAN instead of the platform’s', async () => {
    show(
      account({
        identity: { status: 'verified', reason: null },
        account: { iban: 'IT60X0542811101000000123456', bic: 'SNDBITMMXXX', holder_name: 'Ada Lovelace' },
      }),
    );
    expect(await screen.findByTestId('personal-iban')).toHaveTextContent('IT60 X054 2811 1010 0000 0123 456');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify my identity' })).toBeNull();
  });
});
