import {
  type BackofficeCampaignDetail,
  type CampaignEditRequest as CampaignEditBody,
  CampaignEditRequest,
  STUDIO_PEOPLE_MAX,
} from '@indiesplit/shared/campaigns-backoffice';
import { centsToEuroString } from '@indiesplit/shared/money';
import { z } from 'zod';

// The campaign editor's values (everything as typed), the schema that checks them and the
// request made of what changed. Only the fields that changed are sent, so terms frozen after the
// opening are never resent.

export const TEXT_KEYS = [
  'title',
  'slug',
  'genre',
  'currency',
  'goal',
  'max',
  'min_ticket',
  'revenue_share',
  'starts_at',
  'deadline_at',
  'trailer_url',
  'expected_release_date',
  'summary_en',
  'summary_it',
  'story_en',
  'story_it',
  'risks_en',
  'risks_it',
  'use_of_funds_en',
  'use_of_funds_it',
  'studio_legal_name',
  'studio_legal_form',
  'studio_registration_number',
  'studio_country',
  'studio_address',
  'studio_email',
  'studio_people',
  'studio_raised_elsewhere',
] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
export type CampaignEditorValues = Record<TextKey, string> & {
  platforms: string[];
  services: string[];
  studio_statement_signed: boolean;
};

/** The people responsible for the key information sheet, one a line: "Name, Role". */
export function peopleFromText(text: string): Array<{ name: string; role: string }> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const comma = line.indexOf(',');
      return comma === -1
        ? { name: line, role: '' }
        : { name: line.slice(0, comma).trim(), role: line.slice(comma + 1).trim() };
    });
}

export const peopleToText = (people: Array<{ name: string; role: string }>) =>
  people.map((p) => `${p.name}, ${p.role}`).join('\n');

/**
 * The shared request's rules on every field of the form; the genre may be '' (none) and the
 * dates are the browser's local date-times until they are sent.
 */
export const campaignEditorSchema = CampaignEditRequest.required().extend({
  genre: z.union([z.literal(''), CampaignEditRequest.shape.genre.unwrap().unwrap()]),
  // Typed as lines; each needs a name and a role (the shared rules check the rest on the server).
  studio_people: z
    .string()
    .max(STUDIO_PEOPLE_MAX * 420, 'studioPeopleTooMany')
    .refine((text) => peopleFromText(text).length <= STUDIO_PEOPLE_MAX, 'studioPeopleTooMany')
    .refine((text) => peopleFromText(text).every((p) => p.name && p.role), 'studioPersonIncomplete'),
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant -> the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) -> an ISO instant; '' stays ''. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** Basis points -> the percentage as typed: 750 -> "7.5". */
const shareText = (bps: number | null) => (bps === null ? '' : String(bps / 100));

export function formFrom(c: BackofficeCampaignDetail): CampaignEditorValues {
  return {
    title: c.title,
    slug: c.slug ?? '',
    genre: c.genre ?? '',
    currency: c.currency,
    goal: centsToEuroString(c.goal_cents),
    max: c.max_cents === null ? '' : centsToEuroString(c.max_cents),
    min_ticket: centsToEuroString(c.min_ticket_cents),
    revenue_share: shareText(c.revenue_share_bps),
    starts_at: toLocalInput(c.starts_at),
    deadline_at: toLocalInput(c.deadline_at),
    trailer_url: c.trailer_url ?? '',
    expected_release_date: c.expected_release_date ?? '',
    summary_en: c.summary_en,
    summary_it: c.summary_it,
    story_en: c.story_en,
    story_it: c.story_it,
    risks_en: c.risks_en,
    risks_it: c.risks_it,
    use_of_funds_en: c.use_of_funds_en,
    use_of_funds_it: c.use_of_funds_it,
    studio_legal_name: c.studio.legal_name,
    studio_legal_form: c.studio.legal_form,
    studio_registration_number: c.studio.registration_number,
    studio_country: c.studio.country,
    studio_address: c.studio.address,
    studio_email: c.studio.email,
    studio_people: peopleToText(c.studio.people),
    studio_statement_signed: c.studio.statement_signed,
    studio_raised_elsewhere: centsToEuroString(c.studio_raised_elsewhere_cents),
    platforms: c.platforms,
    services: c.services,
  };
}

export const sameList = (a: string[], b: string[]) => [...a].sort().join('\n') === [...b].sort().join('\n');

/** Only what changed, in the API's shape. */
export function changesOf(initial: CampaignEditorValues, current: CampaignEditorValues): CampaignEditBody {
  const body: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    if (current[key] === initial[key]) continue;
    const value = current[key];
    if (key === 'genre') body.genre = value === '' ? null : value;
    else if (key === 'starts_at' || key === 'deadline_at') body[key] = fromLocalInput(value);
    else if (key === 'studio_people') body[key] = peopleFromText(value);
    else body[key] = value;
  }
  if (current.studio_statement_signed !== initial.studio_statement_signed)
    body.studio_statement_signed = current.studio_statement_signed;
  if (!sameList(initial.platforms, current.platforms)) body.platforms = current.platforms;
  if (!sameList(initial.services, current.services)) body.services = current.services;
  return body as CampaignEditBody;
}

/** The server's changes merged into the form: unchanged fields follow them, edits stay. */
export function mergeServerChanges(
  current: CampaignEditorValues,
  before: CampaignEditorValues,
  next: CampaignEditorValues,
): CampaignEditorValues {
  const merged = { ...current };
  for (const key of TEXT_KEYS) if (current[key] === before[key]) merged[key] = next[key];
  if (sameList(current.platforms, before.platforms)) merged.platforms = next.platforms;
  if (sameList(current.services, before.services)) merged.services = next.services;
  if (current.studio_statement_signed === before.studio_statement_signed)
    merged.studio_statement_signed = next.studio_statement_signed;
  return merged;
}
