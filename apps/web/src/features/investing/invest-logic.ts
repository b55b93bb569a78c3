import {
  highAmountThresholdCents,
  LossSimulationRequest,
  lossCapacityCents,
  netWorthCents,
} from '@indiesplit/shared/investing';
import { amountErrorKey, parseEuroToCents } from '@indiesplit/shared/money';

// The invest form's and the loss simulation's rules, pure so they are tested without a browser.
// The server checks all of them again; these only answer early and in the reader's language.

export interface InvestLimits {
  minTicketCents: number;
  /** What the cap leaves: max - committed. */
  remainingCents: number;
  /** Available in the wallet of the campaign's currency. */
  availableCents: number;
}

export type AmountProblem =
  | 'amountAmbiguous'
  | 'investAmountInvalid'
  | 'investBelowMinimum'
  | 'investAboveRemaining'
  | 'campaignFull'
  | 'insufficientFunds';

/** The typed amount in cents, or the catalogue key of what is wrong with it. */
export function checkAmount(
  input: string,
  limits: InvestLimits,
): { cents: number; problem: null } | { cents: null; problem: AmountProblem } {
  const cents = parseEuroToCents(input);
  if (typeof cents !== 'number' || cents <= 0)
    return { cents: null, problem: amountErrorKey(input, 'investAmountInvalid') };
  if (limits.remainingCents <= 0) return { cents: null, problem: 'campaignFull' };
  if (cents < limits.minTicketCents) return { cents: null, problem: 'investBelowMinimum' };
  if (cents > limits.remainingCents) return { cents: null, problem: 'investAboveRemaining' };
  if (cents > limits.availableCents) return { cents: null, problem: 'insufficientFunds' };
  return { cents, problem: null };
}

/** Whether this amount needs the extra warning and explicit consent. */
export function needsHighAmountConsent(
  cents: number,
  profile: { investor_class: string; loss_simulation: { net_worth_cents: number } | null },
): boolean {
  if (profile.investor_class === 'sophisticated') return false;
  return cents > highAmountThresholdCents(profile.loss_simulation?.net_worth_cents ?? null);
}

export interface LossSimulationValues {
  annual_income: string;
  liquid_assets: string;
  annual_commitments: string;
}

/** Field -> catalogue key for each invalid value (empty when the form can be sent). */
export function lossSimulationErrors(values: LossSimulationValues): Record<string, string> {
  const result = LossSimulationRequest.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The simulation shown while typing: net worth and the 10% that could be lost; null until valid. */
export function previewLossSimulation(
  values: LossSimulationValues,
): { netWorthCents: number; lossCapacityCents: number } | null {
  const income = parseEuroToCents(values.annual_income);
  const liquid = parseEuroToCents(values.liquid_assets);
  const commitments = parseEuroToCents(values.annual_commitments);
  if (typeof income !== 'number' || typeof liquid !== 'number' || typeof commitments !== 'number')
    return null;
  const net = netWorthCents(income, liquid, commitments);
  return { netWorthCents: net, lossCapacityCents: lossCapacityCents(net) };
}

/** A fresh Idempotency-Key for one submission (kept across its retries). */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
