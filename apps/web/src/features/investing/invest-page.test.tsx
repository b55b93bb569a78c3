// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { campaignDto } from '../campaigns/test-data.ts';
import InvestPage from './invest-page.tsx';
import { investorProfileDto } from './test-data.ts';

afterEach(() => vi.unstubAllGlobals());

const profile = investorProfileDto({
  knowledge_test: { status: 'passed', taken_at: null, valid_until: null, answers: null, wrong: [] },
  tax_residence: { country: 'IT', tax_id: null, recorded_at: '2026-11-01T10:00:00Z' },
  ready: true,
});

const wallet = () =>
  jsonResponse(200, {
    balances: [{ currency: 'EUR', posted_cents: 100_000, reserved_cents: 0, available_cents: 100_000 }],
    transactions: [],
    next_before: null,
  });

describe('the invest page', () => {
  it('shows the same key information sheet as the campaign page, with its fees and PDFs', async () => {
    stubApi({
      'GET /api/campaigns/neon-drift': () => jsonResponse(200, campaignDto()),
      'GET /api/investor-profile/': () => jsonResponse(200, profile),
      'GET /api/wallet/': () =>
        jsonResponse(200, {
          balances: [{ currency: 'EUR', posted_cents: 100_000, reserved_cents: 0, available_cents: 100_000 }],
          transactions: [],
          next_before: null,
        }),
    });
    renderScreen(<InvestPage />, {
      path: '/campaigns/:slug/invest',
      route: '/campaigns/neon-drift/invest',
      auth: member(),
    });
    const summary = await screen.findByText('Key investment information sheet', { selector: 'strong' });
    await userEvent.click(summary);
    const card = summary.closest('details')!;
    expect(
      within(card).getByText(/^This crowdfunding offer has been neither verified nor approved/),
    ).toBeVisible();
    expect(within(card).getByText('The platform’s share: 10% of every revenue pool.')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Italian (PDF)' })).toHaveAttribute(
      'href',
      '/api/campaigns/neon-drift/key-information.pdf?lang=it',
    );
  });

  it('asks for the tax residence in place before the first euro investment, then shows the form', async () => {
    let saved = false;
    stubApi({
      'GET /api/campaigns/neon-drift': () => jsonResponse(200, campaignDto()),
      'GET /api/investor-profile/': () =>
        jsonResponse(200, saved ? profile : { ...profile, tax_residence: null }),
      'GET /api/wallet/': wallet,
      'PUT /api/investor-profile/tax-residence': () => {
        saved = true;
        return jsonResponse(200, profile);
      },
    });
    renderScreen(<InvestPage />, {
      path: '/campaigns/:slug/invest',
      route: '/campaigns/neon-drift/invest',
      auth: member(),
    });
    expect(await screen.findByText(/tell us your tax residence/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invest' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country of tax residence/ }), 'IT');
    await userEvent.click(screen.getByRole('button', { name: 'Save my tax residence' }));
    expect(await screen.findByRole('button', { name: 'Invest' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Country of tax residence/ })).not.toBeInTheDocument();
  });
});
