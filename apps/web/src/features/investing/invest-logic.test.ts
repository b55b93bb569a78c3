import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  lossSimulationErrors,
  needsHighAmountConsent,
  previewLossSimulation,
} from './invest-logic.ts';

const limits = { minTicketCents: 5_000, remainingCents: 100_000, availableCents: 80_000 };

describe('the invest form', () => {
  it('accepts euros with a dot or a comma for cents', () => {
    expect(checkAmount('250', limits)).toEqual({ cents: 25_000, problem: null });
    expect(checkAmount(' 250,50 ', limits)).toEqual({ cents: 25_050, problem: null });
  });

  it('refuses zero, negative, fractional-cent and non-numeric amounts', () => {
    for (const input of ['0', '-50', '12.3456', '1e3', 'fifty', ''])
      expect(checkAmount(input, limits).problem, input).toBe('investAmountInvalid');
  });

  it('reads thousands separators as either locale writes them, and refuses an amount they make ambiguous', () => {
    const roomy = { ...limits, availableCents: 500_000, remainingCents: 500_000 };
    expect(checkAmount('1.000,00', roomy)).toEqual({ cents: 100_000, problem: null });
    expect(checkAmount('1,000.00', roomy)).toEqual({ cents: 100_000, problem: null });
    // A thousand euros in Italy, one euro in England: refused rather than guessed.
    expect(checkAmount('1.000', roomy).problem).toBe('amountAmbiguous');
    expect(checkAmount('12.345', roomy).problem).toBe('amountAmbiguous');
  });

  it('refuses amounts below the minimum ticket, above what the cap leaves, or above the balance', () => {
    expect(checkAmount('49.99', limits).problem).toBe('investBelowMinimum');
    expect(checkAmount('1000.01', limits).problem).toBe('investAboveRemaining');
    expect(checkAmount('800.01', limits).problem).toBe('insufficientFunds');
    expect(checkAmount('50', { ...limits, remainingCents: 0 }).problem).toBe('campaignFull');
  });

  it('asks for consent above the higher of 1,000 euros and 5% of net worth, never of sophisticated investors', () => {
    const poor = { investor_class: 'non_sophisticated', loss_simulation: { net_worth_cents: 1_000_000 } };
    expect(needsHighAmountConsent(100_000, poor)).toBe(false);
    expect(needsHighAmountConsent(100_001, poor)).toBe(true);
    const rich = { investor_class: 'non_sophisticated', loss_simulation: { net_worth_cents: 10_000_000 } };
    expect(needsHighAmountConsent(500_000, rich)).toBe(false);
    expect(needsHighAmountConsent(500_001, rich)).toBe(true);
    expect(needsHighAmountConsent(9_000_000, { ...rich, investor_class: 'sophisticated' })).toBe(false);
  });
});

describe('the loss simulation form', () => {
  it('names each field that is missing or not an amount in euros', () => {
    expect(
      lossSimulationErrors({ annual_income: '', liquid_assets: '12.345', annual_commitments: '-1' }),
    ).toEqual({
      annual_income: 'fillMandatory',
      liquid_assets: 'amountAmbiguous',
      annual_commitments: 'invalidAmount',
    });
    expect(
      lossSimulationErrors({ annual_income: '40000', liquid_assets: '0', annual_commitments: '100,5' }),
    ).toEqual({});
  });

  it('shows net worth (income + liquid assets - commitments) and 10% of it', () => {
    expect(
      previewLossSimulation({ annual_income: '40000', liquid_assets: '30000', annual_commitments: '10000' }),
    ).toEqual({ netWorthCents: 6_000_000, lossCapacityCents: 600_000 });
    expect(
      previewLossSimulation({ annual_income: '1000', liquid_assets: '0', annual_commitments: '5000' }),
    ).toEqual({
      netWorthCents: -400_000,
      lossCapacityCents: 0,
    });
    expect(
      previewLossSimulation({ annual_income: 'x', liquid_assets: '0', annual_commitments: '0' }),
    ).toBeNull();
  });
});
