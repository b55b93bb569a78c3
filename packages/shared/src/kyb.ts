import { z } from 'zod';
import { isCountryCode } from './countries.ts';

// Contracts of the studios' verification (KYB): the due diligence an ECSP must exercise on a
// project owner before its offer is opened (Regulation (EU) 2020/1503, Art 5; ADR 0036). A studio
// sends its legal entity, a registration proof, its beneficial owners and the Art 5 declarations;
// staff approve or refuse with a reason; an approval runs KYB_VALID_MONTHS by default. Error
// messages are keys of messages.ts.

/** What the studio sees: none sent yet, waiting for staff, approved and running, refused, or run out. */
export const KYB_STATUSES = ['none', 'submitted', 'approved', 'refused', 'expired'] as const;
export type KybStatus = (typeof KYB_STATUSES)[number];

/** The registration proof: a PDF or an image, judged by its bytes (ADR 0017). */
export const KYB_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type KybDocumentType = (typeof KYB_DOCUMENT_TYPES)[number];
export const KYB_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The JSON part of the form: the fields of at most KYB_MAX_UBOS owners fit with room to spare. */
export const KYB_DATA_MAX_BYTES = 64 * 1024;
export const KYB_MAX_UBOS = 20;
export const KYB_REFUSAL_MAX = 2000;
/** How long an approval runs unless KYB_VALID_MONTHS says otherwise: a yearly renewal. */
export const KYB_DEFAULT_VALID_MONTHS = 12;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number, required: 'fillMandatory' | 'kybLegalNameRequired' = 'fillMandatory') =>
  z.string({ error: required }).trim().min(1, required).max(max, 'kybTextTooLong');

const country = (code: 'kybCountryInvalid' | 'kybNationalityInvalid') =>
  z
    .string({ error: code })
    .trim()
    .toUpperCase()
    .refine((v) => isCountryCode(v), code);

/** A calendar date in the past, not before 1900 (a person's birth date). */
const birthDate = z
  .string({ error: 'kybBirthDateInvalid' })
  .trim()
  .refine((v) => {
    if (!DATE.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === v &&
      v >= '1900-01-01' &&
      d.getTime() < Date.now()
    );
  }, 'kybBirthDateInvalid');

/** One beneficial owner (AML Directive Art 3(6)): a natural person, with their part of the studio. */
export const KybUbo = z.object({
  first_name: text(100),
  last_name: text(100),
  birth_date: birthDate,
  nationality: country('kybNationalityInvalid'),
  address: text(300),
  /** Percent of ownership or control, at most two decimals, more than 0 and at most 100. */
  ownership_percent: z
    .number({ error: 'kybOwnershipInvalid' })
    .refine(
      (v) => Number.isFinite(v) && v > 0 && v <= 100 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'kybOwnershipInvalid',
    ),
});
export type KybUbo = z.infer<typeof KybUbo>;

/**
 * The studio's part of the form (the `data` field of POST /studio-verification, as JSON; the
 * registration proof goes in the file field `registration_proof`).
 */
export const KybSubmission = z
  .object({
    legal_name: text(200, 'kybLegalNameRequired'),
    registration_number: z
      .string({ error: 'kybRegistrationNumberInvalid' })
      .trim()
      .min(1, 'kybRegistrationNumberInvalid')
      .max(60, 'kybRegistrationNumberInvalid')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'kybRegistrationNumberInvalid'),
    country: country('kybCountryInvalid'),
    registered_address: text(300),
    representative_first_name: text(100),
    representative_last_name: text(100),
    representative_birth_date: birthDate,
    representative_nationality: country('kybNationalityInvalid'),
    representative_email: z
      .string({ error: 'invalidEmail' })
      .trim()
      .max(254, 'invalidEmail')
      .email('invalidEmail'),
    ubos: z
      .array(KybUbo, { error: 'kybUboRequired' })
      .min(1, 'kybUboRequired')
      .max(KYB_MAX_UBOS, 'kybTooManyUbos'),
    /** Art 5(2)(a): no criminal record of the studio nor of its management in the listed fields. */
    no_convictions: z.literal(true, { error: 'kybDeclarationRequired' }),
    /** Art 5(2)(b): not established in a non-cooperative jurisdiction or a high-risk third country. */
    not_high_risk_jurisdiction: z.literal(true, { error: 'kybDeclarationRequired' }),
    /** The information is true and complete, and a change will be reported. */
    accurate: z.literal(true, { error: 'kybDeclarationRequired' }),
  })
  .superRefine((v, issue) => {
    // In hundredths of a percent, so that 33.33 + 33.33 + 33.34 is exactly 100.
    const total = v.ubos.reduce((sum, u) => sum + Math.round(u.ownership_percent * 100), 0);
    if (total > 10_000) issue.addIssue({ code: 'custom', path: ['ubos'], message: 'kybOwnershipOver100' });
  });
export type KybSubmission = z.infer<typeof KybSubmission>;
export type KybSubmissionInput = z.input<typeof KybSubmission>;

export const KybDocumentDto = z.object({
  file_name: z.string(),
  content_type: z.enum(KYB_DOCUMENT_TYPES),
  size_bytes: z.number().int(),
});

const KybSubmissionData = z.object({
  legal_name: z.string(),
  registration_number: z.string(),
  country: z.string(),
  registered_address: z.string(),
  representative_first_name: z.string(),
  representative_last_name: z.string(),
  representative_birth_date: z.string(),
  representative_nationality: z.string(),
  representative_email: z.string(),
  ubos: z.array(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      birth_date: z.string(),
      nationality: z.string(),
      address: z.string(),
      ownership_percent: z.number(),
    }),
  ),
});

/** One submission as sent, with what became of it. */
export const KybRecordDto = KybSubmissionData.extend({
  id: z.string(),
  /** submitted, approved or refused (an approval run out still reads approved here; see valid_until). */
  decision: z.enum(['submitted', 'approved', 'refused']),
  document: KybDocumentDto,
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type KybRecordDto = z.infer<typeof KybRecordDto>;

/** GET /studio-verification: the studio's status and its latest submission. */
export const StudioKybDto = z.object({
  status: z.enum(KYB_STATUSES),
  /** An approval still running (a renewal may be waiting beside it): campaigns may open until then. */
  approved_until: z.string().nullable(),
  /** Whether a new submission is accepted now (not while one waits for staff). */
  can_submit: z.boolean(),
  latest: KybRecordDto.nullable(),
});
export type StudioKybDto = z.infer<typeof StudioKybDto>;

export const BackofficeKybQuery = z.object({
  status: z.enum(['submitted', 'approved', 'refused']).optional(),
});

export const BackofficeKybItem = z.object({
  id: z.string(),
  studio: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  legal_name: z.string(),
  country: z.string(),
  decision: z.enum(['submitted', 'approved', 'refused']),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type BackofficeKybItem = z.infer<typeof BackofficeKybItem>;
export const BackofficeKybList = z.object({ items: z.array(BackofficeKybItem) });
export type BackofficeKybList = z.infer<typeof BackofficeKybList>;

export const BackofficeKybDetail = z.object({
  record: KybRecordDto,
  studio: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  decided_by: z.string().nullable(),
  /** The studio's earlier submissions, newest first. */
  history: z.array(KybRecordDto),
});
export type BackofficeKybDetail = z.infer<typeof BackofficeKybDetail>;

/** POST /backoffice/studio-verifications/:id/decision. A refusal needs the reason the studio reads. */
export const KybDecisionRequest = z
  .object({
    decision: z.enum(['approve', 'refuse'], 'invalidValue'),
    reason: z.string().trim().max(KYB_REFUSAL_MAX, 'kybTextTooLong').optional(),
  })
  .superRefine((v, issue) => {
    if (v.decision === 'refuse' && !v.reason)
      issue.addIssue({ code: 'custom', path: ['reason'], message: 'kybRefusalReason' });
  });
export type KybDecisionRequest = z.infer<typeof KybDecisionRequest>;
