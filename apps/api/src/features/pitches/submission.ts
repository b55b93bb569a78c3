import type { MessageKey } from '@indiesplit/shared/messages';
import { amountErrorKey, parseEuroToCents } from '@indiesplit/shared/money';
import {
  earliestReleaseDate,
  LOOKING_FOR,
  type LookingFor,
  PITCH_NAME_MAX,
  PITCH_PLATFORMS,
  PITCH_TEXT_MAX,
  PITCH_URL_MAX,
  SERVICE_CHOICE_VALUES,
  type SUBMIT_PROJECT_FIELDS,
} from '@indiesplit/shared/pitches';
import { emailSchema } from '@indiesplit/shared/validation';
import { AppError } from '../../platform/errors.ts';
import type { PdfChecker } from '../../platform/pdf-check.ts';

// The rules of spec §5 for a project submission, on the server: the multipart form arrives as text
// and leaves as typed values (cents, lists, booleans), or as one 400 naming every bad field.

export type SubmissionFields = Partial<Record<(typeof SUBMIT_PROJECT_FIELDS)[number], string>>;

export interface PitchInput {
  name: string;
  email: string;
  projectName: string;
  productionBudgetCents: number;
  requiredFundingCents: number;
  platforms: string[];
  isDebutTitle: boolean;
  expectedReleaseDate: string;
  lookingFor: LookingFor[];
  planToChoosePublisher: boolean;
  notes: string;
  trailerLink: string | null;
  demoLink: string | null;
  pitchPassword: string | null;
}

type Errors = Record<string, MessageKey>;

function requiredText(errors: Errors, field: string, value: string | undefined, max: number): string {
  const text = (value ?? '').trim();
  if (text === '') errors[field] = 'fillMandatory';
  else if ([...text].length > max) errors[field] = 'pitchFieldTooLong';
  return text;
}

function flag(errors: Errors, field: string, value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  errors[field] = 'invalidValue';
  return false;
}

function link(errors: Errors, field: string, value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const url = URL.canParse(text) ? new URL(text) : null;
  // Only web addresses: a javascript: or data: link would run in a reviewer's browser.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || text.length > PITCH_URL_MAX) {
    errors[field] = 'invalidUrl';
    return null;
  }
  return text;
}

/** A calendar date that exists (no 31 April), written YYYY-MM-DD. */
function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Returns the typed values, or the field errors found (every field is checked, not just the first). */
export function parseSubmission(
  fields: SubmissionFields,
  now: Date = new Date(),
): { input: PitchInput; errors: null } | { input: null; errors: Errors } {
  const errors: Errors = {};
  const name = requiredText(errors, 'name', fields.name, PITCH_NAME_MAX);
  const emailResult = emailSchema.safeParse(fields.email ?? '');
  if (!emailResult.success)
    errors.email = (emailResult.error.issues[0]?.message ?? 'invalidEmail') as MessageKey;
  const projectName = requiredText(errors, 'project_name', fields.project_name, PITCH_NAME_MAX);

  const budget = parseEuroToCents(fields.expected_production_budget ?? '');
  if (budget === null) errors.expected_production_budget = 'fillMandatory';
  else if (budget === undefined)
    errors.expected_production_budget = amountErrorKey(
      fields.expected_production_budget ?? '',
      'invalidAmount',
    );
  const funding = parseEuroToCents(fields.required_funding_size ?? '');
  if (funding === undefined)
    errors.required_funding_size = amountErrorKey(fields.required_funding_size ?? '', 'invalidAmount');

  const platforms = [
    ...new Set(
      (fields.distribution_platforms ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (platforms.length === 0 || !platforms.every((p) => (PITCH_PLATFORMS as readonly string[]).includes(p))) {
    errors.distribution_platforms = 'selectPlatform';
  }

  const releaseDate = (fields.expected_release_date ?? '').trim();
  if (releaseDate === '') errors.expected_release_date = 'fillMandatory';
  else if (!isRealDate(releaseDate)) errors.expected_release_date = 'invalidDate';
  // Both are YYYY-MM-DD, so text order is date order.
  else if (releaseDate < earliestReleaseDate(now)) errors.expected_release_date = 'releaseDateTooSoon';

  const choice = (fields.i_am_looking_for ?? '').replace(/\s+/g, '');
  const lookingFor = (SERVICE_CHOICE_VALUES as readonly string[]).includes(choice)
    ? choice.split(',').filter((v): v is LookingFor => (LOOKING_FOR as readonly string[]).includes(v))
    : [];
  if (lookingFor.length === 0) errors.i_am_looking_for = 'selectService';

  const isDebutTitle = flag(errors, 'is_debut_title', fields.is_debut_title);
  const planToChoosePublisher = flag(errors, 'plan_to_choose_publisher', fields.plan_to_choose_publisher);

  const notes = (fields.notes ?? '').trim();
  if ([...notes].length > PITCH_TEXT_MAX) errors.notes = 'textTooLong';
  const trailerLink = link(errors, 'trailer_link', fields.trailer_link);
  const demoLink = link(errors, 'demo_link', fields.demo_link);
  // Not trimmed: spaces can be part of a password.
  const pitchPassword = fields.pitch_password ?? '';
  if ([...pitchPassword].length > PITCH_NAME_MAX) errors.pitch_password = 'pitchFieldTooLong';

  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    errors: null,
    input: {
      name,
      email: emailResult.data!,
      projectName,
      productionBudgetCents: budget!,
      requiredFundingCents: funding ?? 0,
      platforms,
      isDebutTitle,
      expectedReleaseDate: releaseDate,
      lookingFor,
      planToChoosePublisher,
      notes,
      trailerLink,
      demoLink,
      pitchPassword: pitchPassword === '' ? null : pitchPassword,
    },
  };
}

const pdfError = (code: MessageKey) => new AppError(code, 400, { fields: { pitch_file: code } });

/** The cheap part of the check: the file starts as a PDF does (its name and declared type are ignored). */
export function looksLikePdf(data: Buffer): boolean {
  return data.length > 5 && data.subarray(0, 5).toString('latin1') === '%PDF-';
}

/**
 * A pitch deck must be a PDF by content: the `%PDF-` header, a document that parses, not encrypted
 * (reviewers could not open it) and with at least one page. The parse runs in a worker thread with
 * an object ceiling, a time budget and a heap limit (ADR 0017): a file past any of them is refused
 * as too complex, without the main thread ever parsing it.
 */
export async function checkPitchPdf(checker: PdfChecker, data: Buffer): Promise<void> {
  if (!looksLikePdf(data)) throw pdfError('invalidPdf');
  const result = await checker.check(data);
  if (result.ok) return;
  if (result.reason === 'encrypted') throw pdfError('pdfEncrypted');
  if (result.reason === 'broken') throw pdfError('pdfBroken');
  throw pdfError('pdfTooComplex');
}
