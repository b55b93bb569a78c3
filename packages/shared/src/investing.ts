import { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  HIGH_AMOUNT_NET_WORTH_BPS,
  HIGH_AMOUNT_THRESHOLD_CENTS,
  KNOWLEDGE_TEST_VALID_MONTHS,
} from './campaigns.ts';
import { isCountryCode } from './countries.ts';
import { amountErrorKey, MAX_EURO_CENTS, parseEuroToCents } from './money.ts';
import { CURRENCIES } from './wallet.ts';

// Contracts of investing (ECSP safeguards, ADR 0011): the entry knowledge test, the loss-bearing
// simulation, the sophisticated-investor request, investments and the portfolio. Amounts are
// integer cents on the wire, except where a person types them (euro strings, parsed by both sides
// with parseEuroToCents). Error messages are keys of messages.ts.

// ---- entry knowledge test -------------------------------------------------------------------

/**
 * The questions and their answer codes. `profile` questions record experience and objectives;
 * `risk` questions test the understanding of risk and have one right answer. The test is passed
 * when every risk question is answered right; it is valid KNOWLEDGE_TEST_VALID_MONTHS.
 */
export const KNOWLEDGE_QUESTIONS = [
  { code: 'experience', kind: 'profile', answers: ['none', 'some', 'regular'] },
  { code: 'objective', kind: 'profile', answers: ['support', 'income', 'growth', 'speculation'] },
  { code: 'horizon', kind: 'profile', answers: ['under_1y', 'one_to_3y', 'over_3y'] },
  {
    code: 'loss',
    kind: 'risk',
    answers: ['lose_all', 'capital_protected', 'minimum_return'],
    correct: 'lose_all',
  },
  {
    code: 'liquidity',
    kind: 'risk',
    answers: ['sell_anytime', 'no_market', 'platform_buys_back'],
    correct: 'no_market',
  },
  {
    code: 'goal_missed',
    kind: 'risk',
    answers: ['refunded', 'partly_refunded', 'kept_by_developer'],
    correct: 'refunded',
  },
  {
    code: 'returns',
    kind: 'risk',
    answers: ['fixed_interest', 'depends_on_revenue', 'guaranteed'],
    correct: 'depends_on_revenue',
  },
  {
    code: 'diversification',
    kind: 'risk',
    answers: ['all_in_one', 'small_parts'],
    correct: 'small_parts',
  },
] as const;
export type KnowledgeQuestion = (typeof KNOWLEDGE_QUESTIONS)[number];
export type KnowledgeQuestionCode = KnowledgeQuestion['code'];

export { KNOWLEDGE_TEST_VALID_MONTHS };

const answerShape = Object.fromEntries(
  KNOWLEDGE_QUESTIONS.map((q) => [
    q.code,
    z.enum(q.answers as unknown as [string, ...string[]], 'answerAllQuestions'),
  ]),
) as { [Q in KnowledgeQuestion as Q['code']]: z.ZodEnum<{ [A in Q['answers'][number]]: A }> };

/** PUT /investor-profile/knowledge-test */
export const KnowledgeTestRequest = z.object({ answers: z.object(answerShape) });
export type KnowledgeTestRequest = z.infer<typeof KnowledgeTestRequest>;
export type KnowledgeAnswers = KnowledgeTestRequest['answers'];

/** The risk questions answered wrong (empty: passed). */
export function wrongKnowledgeAnswers(answers: Record<string, string>): KnowledgeQuestionCode[] {
  return KNOWLEDGE_QUESTIONS.filter((q) => q.kind === 'risk' && answers[q.code] !== q.correct).map(
    (q) => q.code,
  );
}

/** When a test taken at `takenAt` stops being valid (calendar months, clamped to the month's end). */
export function knowledgeValidUntil(takenAt: Date): Date {
  return plusCalendarMonths(takenAt, KNOWLEDGE_TEST_VALID_MONTHS);
}

/** The same day `months` later (the month's last day when it is shorter), same time of day, UTC. */
export function plusCalendarMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

// ---- loss-bearing simulation ----------------------------------------------------------------

/** A non-negative euro amount as typed: "25000", "25000,50", "25.000,50", "25,000.50" (readAmount). */
export const euroString = z
  .string({ error: 'fillMandatory' })
  .trim()
  .min(1, 'fillMandatory')
  .max(20, 'invalidAmount')
  .superRefine((v, ctx) => {
    if (typeof parseEuroToCents(v) !== 'number')
      ctx.addIssue({ code: 'custom', message: amountErrorKey(v, 'invalidAmount') });
  });

/** PUT /investor-profile/loss-simulation */
export const LossSimulationRequest = z.object({
  annual_income: euroString,
  liquid_assets: euroString,
  annual_commitments: euroString,
});
export type LossSimulationRequest = z.infer<typeof LossSimulationRequest>;

/** Net worth as ECSP defines it for the simulation: income + liquid assets - commitments. */
export function netWorthCents(income: number, liquid: number, commitments: number): number {
  return income + liquid - commitments;
}

/** The loss the investor can bear: 10% of net worth (never below zero). */
export function lossCapacityCents(netWorth: number): number {
  return netWorth > 0 ? Math.floor(netWorth / 10) : 0;
}

/**
 * Above this amount a non-sophisticated investor gets an extra warning and must consent: the
 * higher of 1,000 euros and 5% of net worth.
 */
export function highAmountThresholdCents(netWorth: number | null): number {
  const share =
    netWorth !== null && netWorth > 0 ? Math.floor((netWorth * HIGH_AMOUNT_NET_WORTH_BPS) / 10_000) : 0;
  return Math.max(HIGH_AMOUNT_THRESHOLD_CENTS, share);
}

// ---- sophisticated investors ----------------------------------------------------------------

export const INVESTOR_CLASSES = ['non_sophisticated', 'sophisticated'] as const;
export type InvestorClass = (typeof INVESTOR_CLASSES)[number];
/** `expired`: an approval whose two years ran out (the investor is non-sophisticated again). */
export const SOPHISTICATED_REQUEST_STATUSES = [
  'none',
  'requested',
  'approved',
  'rejected',
  'expired',
] as const;
export type SophisticatedRequestStatus = (typeof SOPHISTICATED_REQUEST_STATUSES)[number];
export const SOPHISTICATED_REASON_MAX = 2000;
/** An approval lasts this long (ADR 0033); the investor is reminded SOPHISTICATED_REMINDER_DAYS before. */
export const SOPHISTICATED_VALID_MONTHS = 24;
export const SOPHISTICATED_REMINDER_DAYS = 30;

/**
 * Annex II of Regulation (EU) 2020/1503. A legal person (I) qualifies with at least one of the
 * three figures; a natural person (II) with at least two of the three criteria.
 */
export const SOPHISTICATED_PERSON_TYPES = ['natural', 'legal'] as const;
export type SophisticatedPersonType = (typeof SOPHISTICATED_PERSON_TYPES)[number];
export const ANNEX_II_CRITERIA = {
  legal: ['own_funds', 'net_turnover', 'balance_sheet'],
  natural: ['income_or_portfolio', 'financial_experience', 'professional_client'],
} as const satisfies Record<SophisticatedPersonType, readonly string[]>;
export type AnnexIICriterion = (typeof ANNEX_II_CRITERIA)[SophisticatedPersonType][number];
export const ALL_ANNEX_II_CRITERIA = [...ANNEX_II_CRITERIA.legal, ...ANNEX_II_CRITERIA.natural] as const;
/** How many criteria must apply. */
export const ANNEX_II_MINIMUM: Record<SophisticatedPersonType, number> = { legal: 1, natural: 2 };

/** Evidence files of one request: PDF, PNG or JPEG, judged by content. */
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_MAX_FILES = 5;

/**
 * POST /investor-profile/sophisticated-request, multipart: these fields (`criteria` repeated, one
 * per criterion ticked) and 1 to EVIDENCE_MAX_FILES files in the field `evidence`.
 */
export const SophisticatedRequest = z
  .object({
    person_type: z.enum(SOPHISTICATED_PERSON_TYPES, 'sophisticatedPersonType'),
    criteria: z.array(z.enum(ALL_ANNEX_II_CRITERIA, 'invalidValue')).max(6, 'invalidValue'),
    reason: z.string().trim().max(SOPHISTICATED_REASON_MAX, 'textTooLong').default(''),
  })
  .superRefine((v, issue) => {
    const allowed: readonly string[] = ANNEX_II_CRITERIA[v.person_type];
    const ticked = new Set(v.criteria);
    if ([...ticked].some((c) => !allowed.includes(c)))
      issue.addIssue({ code: 'custom', path: ['criteria'], message: 'sophisticatedCriteriaMismatch' });
    else if (ticked.size < ANNEX_II_MINIMUM[v.person_type])
      issue.addIssue({
        code: 'custom',
        path: ['criteria'],
        message: v.person_type === 'natural' ? 'sophisticatedTwoCriteria' : 'sophisticatedOneCriterion',
      });
  });
export type SophisticatedRequest = z.infer<typeof SophisticatedRequest>;

export const EvidenceDto = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.enum(EVIDENCE_TYPES),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type EvidenceDto = z.infer<typeof EvidenceDto>;

// ---- tax residence --------------------------------------------------------------------------

export const TAX_ID_MAX = 30;
/**
 * PUT /investor-profile/tax-residence: an ISO 3166-1 alpha-2 country (upper-cased) and, if the
 * investor has one, a tax identification number (letters, digits, spaces, dots, dashes, slashes).
 */
export const TaxResidenceRequest = z.object({
  country: z
    .string({ error: 'taxCountryInvalid' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'taxCountryInvalid'),
  tax_id: z
    .string()
    .trim()
    .max(TAX_ID_MAX, 'taxIdInvalid')
    .regex(/^[A-Za-z0-9 ./-]*$/, 'taxIdInvalid')
    .optional()
    .transform((v) => (v ? v : null)),
});
export type TaxResidenceRequest = z.input<typeof TaxResidenceRequest>;

// ---- investor profile -----------------------------------------------------------------------

export const KNOWLEDGE_TEST_STATUSES = ['missing', 'passed', 'failed', 'expired'] as const;
export type KnowledgeTestStatus = (typeof KNOWLEDGE_TEST_STATUSES)[number];

export const InvestorProfileDto = z.object({
  email_verified: z.boolean(),
  knowledge_test: z.object({
    status: z.enum(KNOWLEDGE_TEST_STATUSES),
    taken_at: z.string().nullable(),
    valid_until: z.string().nullable(),
    /** The last answers given (question code -> answer code), to prefill a retake. */
    answers: z.record(z.string(), z.string()).nullable(),
    /** Risk questions answered wrong in the last attempt. */
    wrong: z.array(z.string()),
  }),
  loss_simulation: z
    .object({
      annual_income_cents: z.number().int(),
      liquid_assets_cents: z.number().int(),
      annual_commitments_cents: z.number().int(),
      net_worth_cents: z.number().int(),
      /** 10% of net worth: the loss the investor can bear. */
      loss_capacity_cents: z.number().int(),
    })
    .nullable(),
  investor_class: z.enum(INVESTOR_CLASSES),
  sophisticated_request: z.object({
    status: z.enum(SOPHISTICATED_REQUEST_STATUSES),
    reason: z.string().nullable(),
    person_type: z.enum(SOPHISTICATED_PERSON_TYPES).nullable(),
    criteria: z.array(z.enum(ALL_ANNEX_II_CRITERIA)),
    evidence: z.array(EvidenceDto),
    requested_at: z.string().nullable(),
    decided_at: z.string().nullable(),
    /** The admin's reason for a refusal. */
    decision_reason: z.string().nullable(),
    /** When an approval ends (two years after it). */
    valid_until: z.string().nullable(),
  }),
  /** Asked once before the first real-euro investment. */
  tax_residence: z
    .object({ country: z.string(), tax_id: z.string().nullable(), recorded_at: z.string() })
    .nullable(),
  /** Above this a non-sophisticated investor must consent to an extra warning. */
  high_amount_threshold_cents: z.number().int(),
  /** Knowledge test valid and loss simulation done: may invest (email permitting for euros). */
  ready: z.boolean(),
});
export type InvestorProfileDto = z.infer<typeof InvestorProfileDto>;

// ---- investments ----------------------------------------------------------------------------

export const INVESTMENT_STATUSES = ['reserved', 'revoked', 'posted', 'refunded'] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

/**
 * Why an investment is flagged as a conflict of interest (ECSP Art 8, ADR 0031): made by the
 * platform's staff, or by the studio's own people.
 */
export const CONFLICT_KINDS = ['staff', 'studio'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export const IDEMPOTENCY_KEY_MAX = 200;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * POST /campaigns/:id/investments (header Idempotency-Key). `currency` must be the campaign's:
 * real and demo euros never mix. Amount in integer cents, at least the campaign's minimum ticket.
 */
export const InvestRequest = z.object({
  amount_cents: z
    .number({ error: 'investAmountInvalid' })
    .int('investAmountInvalid')
    .positive('investAmountInvalid')
    .max(MAX_EURO_CENTS, 'investAmountInvalid'),
  currency: z.enum(CURRENCIES, 'currencyMismatch'),
  acknowledge_key_information: z.literal(true, 'acknowledgeKeyInformation'),
  acknowledge_risk: z.literal(true, 'acknowledgeRisk'),
  /** Needed when a non-sophisticated investor's amount is above the high-amount threshold. */
  high_amount_consent: z.boolean().optional(),
  /**
   * The number of the key information sheet's version the investor read (ADR 0029): refused with
   * 409 keyInformationChanged when the sheet has changed since.
   */
  key_information_version: z
    .number({ error: 'keyInformationChanged' })
    .int('keyInformationChanged')
    .positive('keyInformationChanged')
    .optional(),
});
export type InvestRequest = z.infer<typeof InvestRequest>;

export const InvestmentDto = z.object({
  id: z.string(),
  campaign: z.object({
    id: z.string(),
    slug: z.string().nullable(),
    title: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    deadline_at: z.string().nullable(),
  }),
  amount_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
  status: z.enum(INVESTMENT_STATUSES),
  created_at: z.string(),
  /** The end of the reflection period (equal to created_at for sophisticated investors). */
  reflection_ends_at: z.string(),
  /** Whether it can be revoked now (reserved and within the reflection period). */
  revocable: z.boolean(),
  high_amount_consent: z.boolean(),
  /** The version of the key information sheet the investor acknowledged (null before versions). */
  key_information_version: z.number().int().nullable(),
  revoked_at: z.string().nullable(),
  settled_at: z.string().nullable(),
});
export type InvestmentDto = z.infer<typeof InvestmentDto>;

export const PortfolioDto = z.object({
  investments: z.array(InvestmentDto),
  /** Sum of live (reserved or posted) investments per currency. */
  totals: z.array(z.object({ currency: z.enum(CURRENCIES), committed_cents: z.number().int() })),
});
export type PortfolioDto = z.infer<typeof PortfolioDto>;

// ---- back office ----------------------------------------------------------------------------

export const BackofficeInvestorQuery = z.object({
  status: z.enum(SOPHISTICATED_REQUEST_STATUSES).optional(),
});

export const BackofficeInvestorDto = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  investor_class: z.enum(INVESTOR_CLASSES),
  knowledge_test: z.enum(KNOWLEDGE_TEST_STATUSES),
  net_worth_cents: z.number().int().nullable(),
  sophisticated_request: z.enum(SOPHISTICATED_REQUEST_STATUSES),
  reason: z.string().nullable(),
  person_type: z.enum(SOPHISTICATED_PERSON_TYPES).nullable(),
  criteria: z.array(z.enum(ALL_ANNEX_II_CRITERIA)),
  evidence: z.array(EvidenceDto),
  requested_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type BackofficeInvestorDto = z.infer<typeof BackofficeInvestorDto>;

export const BackofficeInvestorList = z.object({ investors: z.array(BackofficeInvestorDto) });

/** POST /backoffice/investors/:userId/decision — approve or reject (also: withdraw an approval). */
export const SophisticatedDecisionRequest = z
  .object({
    decision: z.enum(['approve', 'reject'], 'invalidValue'),
    /** Required for a refusal: the investor reads it in the email. */
    reason: z.string().trim().max(SOPHISTICATED_REASON_MAX, 'textTooLong').optional(),
  })
  .superRefine((v, issue) => {
    if (v.decision === 'reject' && !v.reason)
      issue.addIssue({ code: 'custom', path: ['reason'], message: 'sophisticatedRefusalReason' });
  });
export type SophisticatedDecisionRequest = z.infer<typeof SophisticatedDecisionRequest>;
