import {
  CAMPAIGN_EDITABLE_TERMS_STATUSES,
  CAMPAIGN_SLUG_PATTERN,
  DEMO_REFLECTION_SECONDS,
  REFLECTION_PERIOD_DAYS,
} from '@indiesplit/shared/campaigns';
import { type CampaignEditRequest, COUNTRY_CODE_PATTERN } from '@indiesplit/shared/campaigns-backoffice';
import type { MessageKey } from '@indiesplit/shared/messages';
import { amountErrorKey, parseEuroToCents } from '@indiesplit/shared/money';
import { isPlainEmail } from '@indiesplit/shared/validation';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import { asStatus } from '../presenters/values.ts';
import * as repo from '../repo.ts';
import { assertWithinStudioLimit } from './studio-limit.ts';

// The back office's campaign editor: what an edit may change, field by field, and the column values
// it becomes.

const REAL_REFLECTION_SECONDS = REFLECTION_PERIOD_DAYS * 24 * 3600;

type Fields = Record<string, MessageKey>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function parseDateOnly(value: string): string | null | undefined {
  if (value === '') return null;
  if (!DATE_ONLY.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? undefined : value;
}

/** An instant with its offset (what an ISO string carries); '' clears it. */
function parseInstant(value: string): Date | null | undefined {
  if (value === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The studio's identity for the key information sheet (ADR 0028): field -> column. */
export const STUDIO_TEXT_FIELDS = {
  studio_legal_name: 'studioLegalName',
  studio_legal_form: 'studioLegalForm',
  studio_registration_number: 'studioRegistrationNumber',
  studio_country: 'studioCountry',
  studio_address: 'studioAddress',
  studio_email: 'studioEmail',
} as const;

export const TEXT_FIELDS = {
  summary_en: 'summaryEn',
  summary_it: 'summaryIt',
  story_en: 'storyEn',
  story_it: 'storyIt',
  risks_en: 'risksEn',
  risks_it: 'risksIt',
  use_of_funds_en: 'useOfFundsEn',
  use_of_funds_it: 'useOfFundsIt',
} as const;

/**
 * The studio's identity: any of it may be cleared on a draft; on a published campaign the sheet
 * investors read cannot lose a part (publishProblems then names it).
 */
function studioValues(
  input: CampaignEditRequest,
  values: repo.CampaignUpdate,
  fields: Fields,
  published: boolean,
) {
  for (const [field, column] of Object.entries(STUDIO_TEXT_FIELDS) as Array<
    [keyof typeof STUDIO_TEXT_FIELDS, (typeof STUDIO_TEXT_FIELDS)[keyof typeof STUDIO_TEXT_FIELDS]]
  >) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === '' && published) fields[field] = 'fillMandatory';
    else if (value !== '' && field === 'studio_country' && !COUNTRY_CODE_PATTERN.test(value))
      fields[field] = 'invalidCountry';
    else if (value !== '' && field === 'studio_email' && !isPlainEmail(value)) fields[field] = 'invalidEmail';
    else values[column] = value;
  }
  if (input.studio_people !== undefined) {
    const people = input.studio_people.filter((p) => p.name !== '' || p.role !== '');
    if (people.some((p) => p.name === '' || p.role === '')) fields.studio_people = 'studioPersonIncomplete';
    else if (people.length === 0 && published) fields.studio_people = 'studioPeopleMissing';
    else values.studioPeople = people;
  }
  if (input.studio_statement_signed !== undefined) {
    if (!input.studio_statement_signed && published)
      fields.studio_statement_signed = 'studioStatementMissing';
    else values.studioStatementSigned = input.studio_statement_signed;
  }
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Turns an edit into column values, or a 400 naming every field that is wrong. Money terms, dates,
 * the currency and the address are frozen once the campaign has opened: sending them unchanged is
 * fine (a form sends everything), changing them is refused.
 */
export async function editValues(
  tx: Db,
  row: repo.CampaignRow,
  input: CampaignEditRequest,
  now: Date,
): Promise<repo.CampaignUpdate> {
  const fields: Fields = {};
  const values: repo.CampaignUpdate = {};
  const status = asStatus(row.status);
  const published = status !== 'draft';
  const termsOpen = CAMPAIGN_EDITABLE_TERMS_STATUSES.includes(status);
  /** Records a term's new value, or termsFrozen when it changes after the opening. */
  const term = <K extends keyof repo.CampaignUpdate>(
    field: string,
    key: K,
    value: repo.CampaignUpdate[K],
    same: boolean,
  ) => {
    if (same) return;
    if (!termsOpen) fields[field] = 'termsFrozen';
    else values[key] = value;
  };

  if (input.title !== undefined) {
    if (input.title === '') fields.title = 'fillMandatory';
    else values.title = input.title;
  }
  if (input.slug !== undefined) {
    const slug = input.slug === '' ? null : input.slug;
    if (slug !== null && !CAMPAIGN_SLUG_PATTERN.test(slug)) fields.slug = 'invalidSlug';
    else if (slug === null && published) fields.slug = termsOpen ? 'fillMandatory' : 'termsFrozen';
    else term('slug', 'slug', slug, slug === row.slug);
  }
  if (input.genre !== undefined) values.genre = input.genre;
  if (input.platforms !== undefined) {
    const platforms = [...new Set(input.platforms)];
    if (platforms.length === 0) fields.platforms = 'selectPlatform';
    else values.platforms = platforms;
  }
  for (const [field, column] of Object.entries(TEXT_FIELDS) as Array<
    [keyof typeof TEXT_FIELDS, (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS]]
  >) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === '' && published) fields[field] = 'fillMandatory';
    else values[column] = value;
  }
  if (input.services !== undefined) values.services = [...new Set(input.services)];
  studioValues(input, values, fields, published);
  if (input.trailer_url !== undefined) {
    if (input.trailer_url !== '' && !isWebUrl(input.trailer_url)) fields.trailer_url = 'invalidUrl';
    else values.trailerUrl = input.trailer_url || null;
  }
  if (input.expected_release_date !== undefined) {
    const date = parseDateOnly(input.expected_release_date);
    if (date === undefined) fields.expected_release_date = 'invalidDate';
    else values.expectedReleaseDate = date;
  }
  if (input.currency !== undefined && input.currency !== row.currency) {
    // Before any money can be committed only; the revocation window follows the clock of the money.
    if (status !== 'draft') fields.currency = 'termsFrozen';
    else {
      values.currency = input.currency;
      values.reflectionSeconds =
        input.currency === 'DEMO' ? DEMO_REFLECTION_SECONDS : REAL_REFLECTION_SECONDS;
    }
  }

  const money = (field: string, text: string | undefined, required: boolean): number | null | undefined => {
    if (text === undefined) return undefined;
    const cents = parseEuroToCents(text);
    if (cents === undefined) fields[field] = amountErrorKey(text, 'invalidAmount');
    else if (cents === null && required) fields[field] = 'fillMandatory';
    else if (cents === 0) fields[field] = 'amountMustBePositive';
    else return cents;
    return undefined;
  };
  const goal = money('goal', input.goal, true);
  if (typeof goal === 'number') term('goal', 'goalCents', goal, goal === row.goalCents);
  const max = money('max', input.max, published);
  if (max !== undefined) term('max', 'maxCents', max, max === row.maxCents);
  if (input.studio_raised_elsewhere !== undefined) {
    // A declaration, not a term: it may be corrected at any time, and '' or 0 means none.
    const cents = parseEuroToCents(input.studio_raised_elsewhere);
    if (cents === undefined) fields.studio_raised_elsewhere = 'invalidAmount';
    else if ((cents ?? 0) !== row.studioRaisedElsewhereCents) values.studioRaisedElsewhereCents = cents ?? 0;
  }
  const minTicket = money('min_ticket', input.min_ticket, true);
  if (typeof minTicket === 'number')
    term('min_ticket', 'minTicketCents', minTicket, minTicket === row.minTicketCents);
  if (input.revenue_share !== undefined) {
    // A percentage with at most two decimals is a whole number of basis points: "7.5" -> 750.
    const bps = parseEuroToCents(input.revenue_share);
    if (bps === null && published) fields.revenue_share = 'fillMandatory';
    else if (bps === undefined || (bps !== null && (bps < 1 || bps > 10_000)))
      fields.revenue_share = 'revenueShareRange';
    else term('revenue_share', 'revenueShareBps', bps, bps === row.revenueShareBps);
  }
  for (const [field, key] of [
    ['starts_at', 'startsAt'],
    ['deadline_at', 'deadlineAt'],
  ] as const) {
    const text = input[field];
    if (text === undefined) continue;
    const at = parseInstant(text);
    if (at === undefined) fields[field] = 'invalidDate';
    else if (at === null && published) fields[field] = termsOpen ? 'fillMandatory' : 'termsFrozen';
    else term(field, key, at, sameTime(at, row[key]));
  }

  // How the terms fit together, judged on the result of the edit.
  const next = { ...row, ...values } as repo.CampaignRow;
  if (!fields.max && !fields.goal && next.maxCents !== null && next.maxCents < next.goalCents) {
    fields[input.max !== undefined ? 'max' : 'goal'] = 'capBelowGoal';
  }
  if (
    !fields.min_ticket &&
    (next.minTicketCents < 100 || (next.maxCents !== null && next.minTicketCents > next.maxCents))
  ) {
    fields.min_ticket = 'minTicketRange';
  }
  if (!fields.starts_at && !fields.deadline_at && next.startsAt && next.deadlineAt) {
    if (next.deadlineAt <= next.startsAt) fields.deadline_at = 'deadlineBeforeStart';
  }
  if (!fields.deadline_at && status === 'scheduled' && values.deadlineAt && values.deadlineAt <= now) {
    fields.deadline_at = 'deadlineInPast';
  }
  if (values.slug && !fields.slug && (await repo.slugTakenByOther(tx, values.slug, row.id))) {
    fields.slug = 'slugTaken';
  }

  const codes = Object.values(fields);
  // The per-studio limit, judged only when what it depends on changes (ADR 0031), so fixing a typo
  // in a text never trips over another campaign funded since.
  if (
    codes.length === 0 &&
    (values.maxCents !== undefined ||
      values.studioRaisedElsewhereCents !== undefined ||
      values.currency !== undefined)
  ) {
    const field = values.maxCents === undefined && values.studioRaisedElsewhereCents !== undefined;
    await assertWithinStudioLimit(tx, next, now, field ? 'studio_raised_elsewhere' : 'max');
  }
  if (codes.length === 1 && fields.slug === 'slugTaken') throw conflict('slugTaken', 'slug');
  if (codes.length > 0) throw badRequest(codes[0]!, fields);
  return values;
}
