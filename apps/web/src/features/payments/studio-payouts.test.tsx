import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { StudioPayouts } from './studio-payouts.tsx';

const release = (over: Record<string, unknown>) => ({
  campaign_id: 'c1',
  campaign_title: 'Harbour Lights',
  amount_cents: 5_000_000,
  fee_cents: 250_000,
  net_cents: 4_750_000,
  status: 'paying',
  reason: null,
  waiting_for: null,
  updated_at: '2026-11-28T10:00:00.000Z',
  ...over,
});

function show(items: unknown[]) {
  stubApi({ 'GET /api/payments/studio/releases/': () => jsonResponse(200, { items }) });
  renderScreen(
    <>
      <p>Campaigns</p>
      <StudioPayouts />
    </>,
    { path: '/my-campaigns', auth: member() },
  );
}

describe("the studio's payments of the money raised", () => {
  it('shows nothing before a campaign’s money moves', async () => {
    show([]);
    expect(await screen.findByText('Campaigns')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /paid to your studio/ })).toBeNull();
  });

  it('shows the amount raised, the fee kept, what reaches the bank and how far it has come', async () => {
    show([release({})]);
    expect(
      await screen.findByRole('heading', { name: 'Money raised, paid to your studio' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Harbour Lights')).toBeInTheDocument();
    expect(screen.getByText('€50,000.00')).toBeInTheDocument();
    expect(screen.getByText('€2,500.00')).toBeInTheDocument();
    expect(screen.getByText('€47,500.00')).toBeInTheDocument();
    expect(screen.getByTestId('studio-payout-status')).toHaveTextContent('bank transfer on its way');
  });

  it('says why the bank refused the payment and what to do', async () => {
    show([release({ status: 'payout_failed', reason: 'Bank account refused the transfer' })]);
    expect(await screen.findByTestId('studio-payout-status')).toHaveTextContent(
      'refused by your bank: send your verification again with another IBAN',
    );
    expect(screen.getByText('Refused: Bank account refused the transfer')).toBeInTheDocument();
  });

  it('says the money waits in the studio’s wallet for its payout account, and where to confirm it', async () => {
    show([release({ status: 'transferred', waiting_for: 'payout_account' })]);
    expect(await screen.findByTestId('studio-payout-status')).toHaveTextContent(
      "in your studio's wallet: paid to your bank once your legal representative confirms the payout account",
    );
    expect(screen.getByRole('link', { name: "Go to your studio's verification" })).toHaveAttribute(
      'href',
      '/studio-verification',
    );
  });

  it('says the money waits for the studio’s verification to be renewed', async () => {
    show([release({ status: 'transferred', waiting_for: 'verification' })]);
    expect(await screen.findByTestId('studio-payout-status')).toHaveTextContent(
      "in your studio's wallet: paid to your bank once your studio's verification is renewed",
    );
    expect(screen.getByRole('link', { name: "Go to your studio's verification" })).toBeInTheDocument();
  });

  it('names no account to confirm once the payout can go', async () => {
    show([release({ status: 'transferred' })]);
    expect(await screen.findByTestId('studio-payout-status')).toHaveTextContent(
      "in your studio's wallet, the bank transfer follows",
    );
    expect(screen.queryByRole('link', { name: /verification/ })).toBeNull();
  });
});
