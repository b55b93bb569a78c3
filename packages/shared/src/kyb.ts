import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { ibanSchema } from './funds.ts';

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

const country = (
  code:
    | 'kybCountryInvalid'
    | 'kybNationalityInvalid'
    | 'kybAddressCountryInvalid'
    | 'kybResidenceInvalid'
    | 'kybBirthplaceCountryInvalid',
) =>
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

/**
 * A postal address in the parts the payment provider asks for (ADR 0036): the studio's registered
 * office and, in provider mode, each beneficial owner's home address.
 */
export const KybAddress = z.object({
  line1: text(255),
  city: text(100),
  postal_code: z
    .string({ error: 'kybPostalCodeInvalid' })
    .trim()
    .min(1, 'kybPostalCodeInvalid')
    .max(16, 'kybPostalCodeInvalid')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'kybPostalCodeInvalid'),
  country: country('kybAddressCountryInvalid'),
});
export type KybAddress = z.infer<typeof KybAddress>;

/** One line for an address given in parts: "Via Lanterna 3, 20121 Milano, IT". */
export const addressLine = (a: KybAddress): string => `${a.line1}, ${a.postal_code} ${a.city}, ${a.country}`;

const uboFields = {
  first_name: text(100),
  last_name: text(100),
  birth_date: birthDate,
  nationality: country('kybNationalityInvalid'),
  /** Percent of ownership or control, at most two decimals, more than 0 and at most 100. */
  ownership_percent: z
    .number({ error: 'kybOwnershipInvalid' })
    .refine(
      (v) => Number.isFinite(v) && v > 0 && v <= 100 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'kybOwnershipInvalid',
    ),
};

/**
 * One beneficial owner (AML Directive Art 3(6)): a natural person, with their part of the studio.
 * The address in parts and the birthplace are what the provider needs (optional here, required by
 * KybProviderSubmission).
 */
export const KybUbo = z.object({
  ...uboFields,
  address: text(300),
  residence: KybAddress.optional(),
  birthplace_city: text(100).optional(),
  birthplace_country: country('kybBirthplaceCountryInvalid').optional(),
});
export type KybUbo = z.infer<typeof KybUbo>;

/** An owner as the provider mode's form sends it: the address in parts, the birthplace. */
const KybProviderUbo = z
  .object({
    ...uboFields,
    address: text(300).optional(),
    residence: KybAddress,
    birthplace_city: text(100),
    birthplace_country: country('kybBirthplaceCountryInvalid'),
  })
  .transform((u) => ({ ...u, address: u.address ?? addressLine(u.residence) }));

const submissionFields = {
  legal_name: text(200, 'kybLegalNameRequired'),
  registration_number: z
    .string({ error: 'kybRegistrationNumberInvalid' })
    .trim()
    .min(1, 'kybRegistrationNumberInvalid')
    .max(60, 'kybRegistrationNumberInvalid')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'kybRegistrationNumberInvalid'),
  country: country('kybCountryInvalid'),
  representative_first_name: text(100),
  representative_last_name: text(100),
  representative_birth_date: birthDate,
  representative_nationality: country('kybNationalityInvalid'),
  representative_email: z
    .string({ error: 'invalidEmail' })
    .trim()
    .max(254, 'invalidEmail')
    .email('invalidEmail'),
  /** Art 5(2)(a): no criminal record of the studio nor of its management in the listed fields. */
  no_convictions: z.literal(true, { error: 'kybDeclarationRequired' }),
  /** Art 5(2)(b): not established in a non-cooperative jurisdiction or a high-risk third country. */
  not_high_risk_jurisdiction: z.literal(true, { error: 'kybDeclarationRequired' }),
  /** The information is true and complete, and a change will be reported. */
  accurate: z.literal(true, { error: 'kybDeclarationRequired' }),
};

const owners = <T extends z.ZodTypeAny>(ubo: T) =>
  z.array(ubo, { error: 'kybUboRequired' }).min(1, 'kybUboRequired').max(KYB_MAX_UBOS, 'kybTooManyUbos');

// In hundredths of a percent, so that 33.33 + 33.33 + 33.34 is exactly 100.
function ownersUpTo100(v: { ubos: Array<{ ownership_percent: number }> }, issue: z.RefinementCtx): void {
  const total = v.ubos.reduce((sum, u) => sum + Math.round(u.ownership_percent * 100), 0);
  if (total > 10_000) issue.addIssue({ code: 'custom', path: ['ubos'], message: 'kybOwnershipOver100' });
}

/**
 * The studio's part of the form (the `data` field of POST /studio-verification, as JSON; the
 * registration proof goes in the file field `registration_proof`), as staff review it
 * (PAYMENTS=manual). The provider's fields may be given and are kept.
 */
export const KybSubmission = z
  .object({
    ...submissionFields,
    registered_address: text(300),
    registered_office: KybAddress.optional(),
    representative_country_of_residence: country('kybResidenceInvalid').optional(),
    payout_iban: ibanSchema.optional(),
    ubos: owners(KybUbo),
  })
  .superRefine(ownersUpTo100);

/**
 * The same form where the payment provider verifies the studio (PAYMENTS=sandbox|mangopay): the
 * registered office in parts, the legal representative's country of residence, each owner's home
 * address in parts and birthplace, and the IBAN in the studio's legal name where the money raised
 * is paid. The one-line addresses are made from the parts when not given.
 */
export const KybProviderSubmission = z
  .object({
    ...submissionFields,
    registered_address: text(300).optional(),
    registered_office: KybAddress,
    representative_country_of_residence: country('kybResidenceInvalid'),
    payout_iban: ibanSchema,
    ubos: owners(KybProviderUbo),
  })
  .superRefine(ownersUpTo100)
  .transform((v) => ({ ...v, registered_address: v.registered_address ?? addressLine(v.registered_office) }));

/** The form's schema for the mode the API runs in. */
export const kybSubmissionFor = (mode: KybMode) =>
  mode === 'provider' ? KybProviderSubmission : KybSubmission;

/** manual: staff review; provider: the payment provider verifies (ADR 0036). */
export type KybMode = 'manual' | 'provider';

export type KybSubmission = z.infer<typeof KybSubmission>;
export type KybProviderSubmission = z.infer<typeof KybProviderSubmission>;
export type KybProviderSubmissionInput = z.input<typeof KybProviderSubmission>;
export type KybSubmissionInput = z.input<typeof KybSubmission>;

export const KybDocumentDto = z.object({
  file_name: z.string(),
  content_type: z.enum(KYB_DOCUMENT_TYPES),
  size_bytes: z.number().int(),
});

const AddressDto = z.object({
  line1: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

const KybSubmissionData = z.object({
  legal_name: z.string(),
  registration_number: z.string(),
  country: z.string(),
  registered_address: z.string(),
  registered_office: AddressDto.nullable(),
  representative_country_of_residence: z.string().nullable(),
  payout_iban: z.string().nullable(),
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
      residence: AddressDto.optional(),
      birthplace_city: z.string().optional(),
      birthplace_country: z.string().optional(),
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

/**
 * Why the provider refused or found incomplete a registration proof (RefusedReasonType) or a UBO
 * declaration (Reason), in its words; the web app translates the ones it knows.
 */
export const KYB_PROVIDER_REASONS = [
  'DOCUMENT_UNREADABLE',
  'DOCUMENT_NOT_ACCEPTED',
  'DOCUMENT_HAS_EXPIRED',
  'DOCUMENT_INCOMPLETE',
  'DOCUMENT_MISSING',
  'DOCUMENT_DO_NOT_MATCH_USER_DATA',
  'DOCUMENT_DO_NOT_MATCH_ACCOUNT_DATA',
  'DOCUMENT_FALSIFIED',
  'DOCUMENT_OUTDATED',
  'SPECIFIC_CASE',
  'MISSING_UBO',
  'WRONG_UBO_INFORMATION',
  'UBO_IDENTITY_NEEDED',
  'SHAREHOLDERS_DECLARATION_NEEDED',
  'ORGANIZATION_CHART_NEEDED',
  'DOCUMENTS_NEEDED',
  'DECLARATION_DO_NOT_MATCH_UBO_INFORMATION',
] as const;

/** The provider's statuses of a payout account (its Recipient, ADR 0036). */
export const PAYOUT_ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'CANCELED', 'DEACTIVATED'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/**
 * Where the latest submission stands at the provider: being sent (a fault stopped it; it is sent
 * again), waiting for the provider's verdict, approved, or refused — by the registration proof or
 * by the beneficial owners' declaration, with the provider's reason.
 */
export const KybProviderStateDto = z.object({
  state: z.enum(['sending', 'waiting', 'approved', 'refused']),
  document_status: z.string().nullable(),
  declaration_status: z.string().nullable(),
  /** What was refused: the registration proof, or the declaration of beneficial owners. */
  refused: z.enum(['document', 'declaration']).nullable(),
  reason_type: z.string().nullable(),
  reason_message: z.string().nullable(),
  /** Sandbox mode: the sandbox provider's page where a document and a declaration are decided. */
  sandbox_url: z.string().nullable(),
  /**
   * The payout IBAN registered at the provider: the latest submission's, or after a refusal the
   * running approval's when it is still the studio's account (null before the send has reached it,
   * or when a refused submission leaves none). The money raised is paid to it only once the studio's representative has confirmed
   * it on the provider's page (ACTIVE); PENDING waits for that, CANCELED was not confirmed and
   * DEACTIVATED may no longer be paid to: both are confirmed again (POST
   * /studio-verification/payout-account/confirm).
   */
  payout_account: z
    .object({
      iban: z.string(),
      status: z.enum(PAYOUT_ACCOUNT_STATUSES),
    })
    .nullable(),
});
export type KybProviderStateDto = z.infer<typeof KybProviderStateDto>;

/** POST /studio-verification/payout-account/confirm: the account's status, and where to confirm it. */
export const KybPayoutAccountConfirmDto = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** The provider's page, bringing the representative back to the verification page; null once ACTIVE. */
  confirm_url: z.string().nullable(),
});
export type KybPayoutAccountConfirmDto = z.infer<typeof KybPayoutAccountConfirmDto>;

/** GET /studio-verification: the studio's status and its latest submission. */
export const StudioKybDto = z.object({
  /** Who verifies: staff (manual) or the payment provider; the form asks more in provider mode. */
  mode: z.enum(['manual', 'provider']),
  /** The latest submission at the provider (provider mode, once sent). */
  provider: KybProviderStateDto.nullable(),
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
