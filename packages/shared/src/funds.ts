import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { SecondFactorProof } from './mfa.ts';
import { amountErrorKey, parseEuroToCents } from './money.ts';

// Contracts of real euros entering and leaving a wallet (ADR 0013): deposits by bank transfer with
// a personal reference, recorded by the back office; withdrawals to the investor's own IBAN, paid
// by an admin. Amounts travel as euro strings in requests ("250.50") and as integer cents in
// answers. Every issue's message is a key of messages.ts.

// ---- IBAN --------------------------------------------------------------------------------------

/** Length of an IBAN per country (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** "it60 x054 2811 1010 0000 0123 456" -> "IT60X0542811101000000123456" (spaces out, upper case). */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The ISO 7064 mod-97 check: the rearranged IBAN, letters as 10–35, leaves 1. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

export type IbanProblem = 'ibanCountry' | 'ibanLength' | 'ibanChecksum' | 'ibanCharacters';

/** What is wrong with an IBAN (after normalising), or null when it is valid. */
export function ibanProblem(input: string): IbanProblem | null {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'ibanCharacters';
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (!length) return 'ibanCountry';
  if (iban.length !== length) return 'ibanLength';
  return mod97(iban) === 1 ? null : 'ibanChecksum';
}

export const isValidIban = (input: string): boolean => ibanProblem(input) === null;

/** "IT60X0542811101000000123456" -> "IT60 X054 2811 1010 0000 0123 456" (groups of four, to read). */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Shows the country and the last four characters only: "IT60 •••• 3456". */
export function maskIban(iban: string): string {
  const n = normalizeIban(iban);
  return `${n.slice(0, 4)} •••• ${n.slice(-4)}`;
}

export const ibanSchema = z
  .string({ error: 'fillMandatory' })
  .trim()
  .min(1, 'fillMandatory')
  .max(64, 'invalidIban')
  .refine(isValidIban, 'invalidIban')
  .transform(normalizeIban);

// ---- amounts -----------------------------------------------------------------------------------

/** A positive euro amount as people type it ("250", "250,50", "1.250,00", "1,250.00") -> integer cents. */
export const euroAmountSchema = z
  .string({ error: 'fillMandatory' })
  .trim()
  .min(1, 'fillMandatory')
  .superRefine((v, ctx) => {
    const cents = parseEuroToCents(v);
    if (typeof cents !== 'number' || cents <= 0)
      ctx.addIssue({ code: 'custom', message: amountErrorKey(v, 'invalidEuroAmount') });
  })
  .transform((v) => parseEuroToCents(v) as number);

// ---- personal reference ------------------------------------------------------------------------

/** Characters of a reference: no 0/O, 1/I/L, so it survives being read aloud or retyped. */
/**
 * A bank transaction id as the platform records and compares it: trimmed, inner whitespace
 * collapsed to one space, upper case. Banks do not tell `RT-1` from `rt-1`, so neither do we: the
 * same transfer typed twice in different case is one transfer (ADR 0013).
 */
export function normalizeBankTransactionId(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REF_CHAR = `[${REFERENCE_ALPHABET}]`;
const REFERENCE_IN_TEXT = new RegExp(
  `(?<![A-Z0-9])IS[\\s-]?(${REF_CHAR}{4})[\\s-]?(${REF_CHAR}{4})(?![A-Z0-9])`,
);

/**
 * Finds a personal reference ("IS-7K3M-Q9TX") in what a bank passes on (lower case, dashes lost,
 * inside a longer remittance text) and returns it in its canonical form, or null.
 */
export function extractReference(text: string): string | null {
  const match = REFERENCE_IN_TEXT.exec(text.toUpperCase());
  return match ? `IS-${match[1]}-${match[2]}` : null;
}

// ---- member calls ------------------------------------------------------------------------------

export const DepositInstructionsDto = z.object({
  currency: z.literal('EUR'),
  iban: z.string(),
  bic: z.string(),
  beneficiary: z.string(),
  /** The member's personal reference, to write in the transfer's description. */
  reference: z.string(),
});
export type DepositInstructionsDto = z.infer<typeof DepositInstructionsDto>;

/**
 * requested: the member may still cancel it. processing: an admin has started paying it from the
 * bank, so it can no longer be cancelled (the amount stays reserved). paid, rejected, cancelled:
 * closed.
 */
export const WITHDRAWAL_STATUSES = ['requested', 'processing', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** Requests still holding money back: not yet paid, rejected or cancelled. */
export const OPEN_WITHDRAWAL_STATUSES = [
  'requested',
  'processing',
] as const satisfies readonly WithdrawalStatus[];
export const isOpenWithdrawal = (status: WithdrawalStatus): boolean =>
  (OPEN_WITHDRAWAL_STATUSES as readonly WithdrawalStatus[]).includes(status);

/**
 * Withdrawal requests a member may have open (not yet paid, rejected or cancelled) at once: enough
 * for real use, few enough that a stolen session cannot spray the money over many accounts before
 * the member or an admin notices. The message tooManyOpenWithdrawals says the number.
 */
export const MAX_OPEN_WITHDRAWALS = 3;
export const ACCOUNT_HOLDER_MAX = 70;
export const BANK_REFERENCE_MAX = 140;
export const WITHDRAWAL_NOTE_MAX = 5000;

export const HOLDER_ADDRESS_LINE_MAX = 100;

const addressPart = (max: number) =>
  z.string({ error: 'fillMandatory' }).trim().min(1, 'fillMandatory').max(max, 'holderAddressTooLong');

/**
 * The account holder's address. Where a payment provider pays the withdrawal (ADR 0039) it asks
 * for the address of the bank account's holder, so the request needs it there; in manual mode it
 * is not asked for.
 */
export const HolderAddress = z.object({
  line1: addressPart(HOLDER_ADDRESS_LINE_MAX),
  city: addressPart(HOLDER_ADDRESS_LINE_MAX),
  postal_code: addressPart(16),
  country: z
    .string({ error: 'holderCountryInvalid' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'holderCountryInvalid'),
});
export type HolderAddress = z.output<typeof HolderAddress>;

export const WithdrawalRequest = z.object({
  amount: euroAmountSchema,
  iban: ibanSchema,
  account_holder: z
    .string({ error: 'fillMandatory' })
    .trim()
    .min(1, 'fillMandatory')
    .max(ACCOUNT_HOLDER_MAX, 'accountHolderTooLong'),
  /** Required where a payment provider pays withdrawals (holderAddressRequired otherwise). */
  holder_address: HolderAddress.optional(),
  /** Required when the account has a second factor (ADR 0016). */
  second_factor: SecondFactorProof.optional(),
});
/** What the form holds (euro string, IBAN as typed). */
export type WithdrawalRequestInput = z.input<typeof WithdrawalRequest>;

export const ACCOUNT_CONFIRMATIONS = ['confirmed', 'pending', 'not_confirmed'] as const;
export type AccountConfirmation = (typeof ACCOUNT_CONFIRMATIONS)[number];

export const WithdrawalDto = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  iban: z.string(),
  account_holder: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  bank_reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  /** When an admin started paying it (from then on it cannot be cancelled). */
  started_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /**
   * Where the payment provider pays withdrawals (ADR 0039), a requested withdrawal waits until the
   * member has confirmed its bank account with the provider: `confirmed` (it is paid in the next
   * round), `pending` (not confirmed yet), `not_confirmed` (the confirmation was cancelled or the
   * account withdrawn: confirm again, or cancel the request). Null otherwise.
   */
  account_confirmation: z.enum(ACCOUNT_CONFIRMATIONS).nullable(),
});
export type WithdrawalDto = z.infer<typeof WithdrawalDto>;

export const WithdrawalList = z.object({ withdrawals: z.array(WithdrawalDto) });

// ---- back office -------------------------------------------------------------------------------

const dateSchema = z
  .string({ error: 'fillMandatory' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidValueDate')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'invalidValueDate');

export const RecordDepositRequest = z.object({
  reference: z.string({ error: 'fillMandatory' }).trim().min(1, 'fillMandatory').max(200, 'invalidValue'),
  amount: euroAmountSchema,
  bank_transaction_id: z
    .string({ error: 'fillMandatory' })
    .trim()
    .min(1, 'fillMandatory')
    .max(200, 'invalidValue')
    .transform(normalizeBankTransactionId),
  value_date: dateSchema,
  payer_name: z.string().trim().max(200, 'invalidValue').default(''),
});
export type RecordDepositInput = z.input<typeof RecordDepositRequest>;

export const FundsMemberDto = z.object({ id: z.string(), username: z.string(), email: z.string() });

export const DepositDto = z.object({
  id: z.string(),
  member: FundsMemberDto,
  amount_cents: z.number().int(),
  bank_transaction_id: z.string(),
  value_date: z.string(),
  payer_name: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
});
export type DepositDto = z.infer<typeof DepositDto>;

export const DepositList = z.object({ deposits: z.array(DepositDto) });

/** The CSV the bank export is turned into: a header row naming these columns, in any order. */
export const DEPOSIT_CSV_COLUMNS = ['date', 'amount', 'reference', 'bank_transaction_id', 'payer'] as const;
export const DEPOSIT_CSV_MAX_ROWS = 2000;

export const DepositImportRequest = z.object({
  csv: z.string({ error: 'fillMandatory' }).min(1, 'fillMandatory').max(900_000, 'payloadTooLarge'),
});

export const IMPORT_ROW_RESULTS = [
  'credited',
  'duplicate',
  'unknown_reference',
  'invalid_amount',
  'ambiguous_amount',
  'invalid_row',
] as const;
export type ImportRowResult = (typeof IMPORT_ROW_RESULTS)[number];

export const DepositImportRow = z.object({
  /** Line number in the file (the header is line 1). */
  row: z.number().int(),
  result: z.enum(IMPORT_ROW_RESULTS),
  bank_transaction_id: z.string().nullable(),
  reference: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  /** Who was credited (credited rows). */
  username: z.string().nullable(),
});
export type DepositImportRow = z.infer<typeof DepositImportRow>;

export const DepositImportResponse = z.object({
  rows: z.array(DepositImportRow),
  credited: z.number().int(),
  credited_cents: z.number().int(),
  skipped: z.number().int(),
});
export type DepositImportResponse = z.infer<typeof DepositImportResponse>;

export const BackofficeWithdrawalDto = WithdrawalDto.extend({
  member: FundsMemberDto,
  /** The username of the admin who started paying it. */
  started_by: z.string().nullable(),
});
export type BackofficeWithdrawalDto = z.infer<typeof BackofficeWithdrawalDto>;

export const BackofficeWithdrawalList = z.object({ withdrawals: z.array(BackofficeWithdrawalDto) });

export const WithdrawalQuery = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });

export const MarkPaidRequest = z.object({
  bank_reference: z
    .string({ error: 'fillMandatory' })
    .trim()
    .min(1, 'fillMandatory')
    .max(BANK_REFERENCE_MAX, 'invalidValue'),
});

export const RejectWithdrawalRequest = z.object({
  note: z
    .string({ error: 'rejectionNoteRequired' })
    .trim()
    .min(1, 'rejectionNoteRequired')
    .max(WITHDRAWAL_NOTE_MAX, 'textTooLong'),
});
