// @vitest-environment jsdom
import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { simulatePayouts } from '@indiesplit/shared/revenue-simulator';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { campaignPageCommunity } from '../../../test/community-stubs.ts';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import CampaignPage from '../campaign-page.tsx';
import { campaignDto } from '../test-data.ts';
import PayoutSimulator from './payout-simulator.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The cells of one case's row: copies, each month, over the term, multiple. */
function caseRow(name: RegExp) {
  const row = screen.getByRole('row', { name });
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

const REMINDER =
  'Returns are not guaranteed. You could lose all the money you invest. This simulation is not a forecast.';

describe('the payout simulator', () => {
  it('starts from the minimum ticket and a 30% store fee, and shows the three cases', () => {
    renderScreen(<PayoutSimulator campaign={campaignDto()} />, { path: '/' });
    expect(screen.getByRole('heading', { name: 'Payout simulator' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your investment (€)')).toHaveValue('50');
    expect(screen.getByLabelText('Store fee (%)')).toHaveValue('30');
    expect(screen.getByRole('table', { name: 'What €50 would return over 36 months' })).toBeInTheDocument();
    // 19.99 × 1,000 × 70% × 7.5% × 90% × 50 / 20,000 (the goal: more than raised so far).
    expect(caseRow(/^Low \(half the copies\)/)).toEqual(['500', '€1.18', '€42.48', '0.84×']);
    expect(caseRow(/^Expected/)).toEqual(['1,000', '€2.36', '€84.96', '1.69×']);
    expect(caseRow(/^High \(double the copies\)/)).toEqual(['2,000', '€4.72', '€169.92', '3.39×']);
    expect(screen.getByText(REMINDER)).toBeInTheDocument();
    expect(
      screen.getByText('Net revenue = price × copies × (1 − store fee). Refunds and taxes are ignored.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/platform’s share of 10%/)).toBeInTheDocument();
  });

  it('updates the low, expected and high figures exactly as the shared calculation says', async () => {
    const campaign = campaignDto();
    renderScreen(<PayoutSimulator campaign={campaign} />, { path: '/' });
    const user = userEvent.setup({ delay: null });
    for (const [label, value] of [
      ['Price per copy (€)', '9.99'],
      ['Copies sold per month', '5001'],
      ['Store fee (%)', '12,5'],
      ['Your investment (€)', '250'],
    ] as const) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    }
    const sim = simulatePayouts({
      price_cents: 999,
      copies_per_month: 5001,
      store_fee_bps: 1250,
      investment_cents: 25_000,
      revenue_share_bps: 750,
      platform_share_bps: 1000,
      term_months: 36,
      committed_cents: 800_000,
      goal_cents: 2_000_000,
      open: true,
    });
    expect([sim.low.monthly_cents, sim.expected.monthly_cents, sim.high.monthly_cents]).toEqual([
      1844, 3688, 7376,
    ]);
    expect(screen.getByRole('table', { name: 'What €250 would return over 36 months' })).toBeInTheDocument();
    expect(caseRow(/^Low/)).toEqual(['2,500.5', '€18.44', '€663.84', '2.65×']);
    expect(caseRow(/^Expected/)).toEqual(['5,001', '€36.88', '€1,327.68', '5.31×']);
    expect(caseRow(/^High/)).toEqual(['10,002', '€73.76', '€2,655.36', '10.62×']);
  });

  it('adds the investment to what an open campaign raised, with the default platform share', async () => {
    renderScreen(<PayoutSimulator campaign={campaignDto({ platform_share_bps: null })} />, { path: '/' });
    const user = userEvent.setup({ delay: null });
    const investment = screen.getByLabelText('Your investment (€)');
    await user.clear(investment);
    await user.type(investment, '30000');
    // investors' part of one month: the pool 19.99 × 1,000 × 70% × 7.5% = €1,049.47 less the
    // platform's 10% rounded down (€104.94) = €944.53; yours is €30,000 of €8,000 raised +
    // €30,000: €745.68.
    expect(caseRow(/^Expected/)).toEqual(['1,000', '€745.68', '€26,844.48', '0.89×']);
    expect(
      screen.getByText(/the total raised \(€38,000\): what has been raised so far plus/),
    ).toBeInTheDocument();
  });

  it('takes the investment as the whole when a closed campaign raised less', async () => {
    renderScreen(<PayoutSimulator campaign={campaignDto({ status: 'funded', platform_share_bps: null })} />, {
      path: '/',
    });
    const user = userEvent.setup({ delay: null });
    const investment = screen.getByLabelText('Your investment (€)');
    await user.clear(investment);
    await user.type(investment, '30000');
    // €944.53 a month for all investors, all of it.
    expect(caseRow(/^Expected/)).toEqual(['1,000', '€944.53', '€34,003.08', '1.13×']);
    expect(screen.getByText(/the total the campaign raised \(€30,000\)/)).toBeInTheDocument();
  });

  it('explains a wrong value instead of simulating, and keeps the reminder', async () => {
    renderScreen(<PayoutSimulator campaign={campaignDto()} />, { path: '/' });
    const user = userEvent.setup({ delay: null });
    const fee = screen.getByLabelText('Store fee (%)');
    await user.clear(fee);
    await user.type(fee, '120');
    expect(screen.getByText('Enter a percentage from 0 to 100.')).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Fill in every field correctly to see the simulation.')).toBeInTheDocument();
    expect(screen.getByText(REMINDER)).toBeInTheDocument();
  });

  it('takes a grouped amount in either format and explains an ambiguous one', async () => {
    renderScreen(<PayoutSimulator campaign={campaignDto()} />, { path: '/' });
    const user = userEvent.setup({ delay: null });
    const investment = screen.getByLabelText(/^Your investment/);
    await user.clear(investment);
    await user.type(investment, '1.250');
    expect(
      await screen.findByText(/This amount reads as thousands in some countries and as decimals in others/),
    ).toBeInTheDocument();
    expect(investment).toHaveAttribute('aria-invalid', 'true');
    for (const typed of ['1.250,00', '1,250.00']) {
      await user.clear(investment);
      await user.type(investment, typed);
      expect(investment).not.toHaveAttribute('aria-invalid');
      expect(screen.getByRole('table')).toBeInTheDocument();
    }
  });

  it('speaks Italian, reminder included', async () => {
    await i18n.changeLanguage('it');
    try {
      renderScreen(<PayoutSimulator campaign={campaignDto()} />, { path: '/' });
      expect(screen.getByRole('heading', { name: 'Simulatore dei pagamenti' })).toBeInTheDocument();
      expect(
        screen.getByText(
          'I rendimenti non sono garantiti. Potresti perdere tutto il denaro che investi. Questa simulazione non è una previsione.',
        ),
      ).toBeInTheDocument();
      expect(caseRow(/^Atteso/)).toEqual(['1000', '2,36\u00a0€', '84,96\u00a0€', '1,69×']);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('marks the amounts of a demo campaign as virtual', () => {
    renderScreen(<PayoutSimulator campaign={campaignDto({ currency: 'DEMO' })} />, { path: '/' });
    expect(caseRow(/^Expected/)).toEqual(['1,000', '€2.36 (virtual)', '€84.96 (virtual)', '1.69×']);
  });
});

describe('the campaign page and the revenue share', () => {
  // The simulator is its own chunk: on a busy machine its first import can take a while.
  function renderCampaign(dto: CampaignDetailDto) {
    stubApi({
      ...campaignPageCommunity('neon-drift'),
      'GET /api/campaigns/neon-drift': () => jsonResponse(200, dto),
      // A launched campaign's page asks for its reporting health (ADR 0032); none is known here.
      'GET /api/outcomes/neon-drift': () =>
        jsonResponse(404, { success: false, code: 'notFound', message: 'x' }),
    });
    return renderScreen(<CampaignPage />, { path: '/campaigns/:slug', route: '/campaigns/neon-drift' });
  }

  it('shows when the revenue share ends once the game has launched, and the simulator', async () => {
    renderCampaign(
      campaignDto({ status: 'launched', launched_on: '2027-03-15', term_ends_on: '2030-03-14' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    const panel = screen.getByRole('complementary', { name: 'Funding' });
    expect(within(panel).getByText('Revenue share ends')).toBeInTheDocument();
    expect(within(panel).getByText('March 14, 2030')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Payout simulator' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(REMINDER)).toBeInTheDocument();
  });

  it('has no term end before launch, but still the simulator', async () => {
    renderCampaign(campaignDto());
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.queryByText('Revenue share ends')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Payout simulator' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
