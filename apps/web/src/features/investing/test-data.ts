import type { InvestorProfileDto } from '@indiesplit/shared/investing';

/** An investor profile as the server answers it: nothing done yet, unless `over` says otherwise. */
export const investorProfileDto = (over: Partial<InvestorProfileDto> = {}): InvestorProfileDto => ({
  email_verified: true,
  knowledge_test: { status: 'missing', taken_at: null, valid_until: null, answers: null, wrong: [] },
  loss_simulation: null,
  investor_class: 'non_sophisticated',
  sophisticated_request: {
    status: 'none',
    reason: null,
    person_type: null,
    criteria: [],
    evidence: [],
    requested_at: null,
    decided_at: null,
    decision_reason: null,
    valid_until: null,
  },
  tax_residence: null,
  high_amount_threshold_cents: 100_000,
  ready: false,
  ...over,
});
