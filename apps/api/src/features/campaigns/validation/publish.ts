import type { MessageKey } from '@indiesplit/shared/messages';
import { mayComplete } from '@indiesplit/shared/revenue';
import type { CampaignRow } from '../repo.ts';
import { TEXT_FIELDS } from './editor.ts';

// What a campaign must be before it moves: published (complete, deadline ahead) or completed (its
// term over).

/** What investors read: a published campaign cannot lose any of it. */
const REQUIRED_TO_PUBLISH = [
  'title',
  'slug',
  ...Object.keys(TEXT_FIELDS),
  'platforms',
  'goal',
  'max',
  'revenue_share',
  'starts_at',
  'deadline_at',
] as const;

/**
 * What the key information sheet needs of the studio (ECSP Annex I Part A, ADR 0028); field -> the
 * message naming what is missing.
 */
export function studioProblems(row: CampaignRow): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {};
  const missing: Array<[string, boolean, MessageKey]> = [
    ['studio_legal_name', row.studioLegalName.trim() === '', 'studioLegalNameMissing'],
    ['studio_legal_form', row.studioLegalForm.trim() === '', 'studioLegalFormMissing'],
    ['studio_registration_number', row.studioRegistrationNumber.trim() === '', 'studioRegistrationMissing'],
    ['studio_country', row.studioCountry.trim() === '', 'studioCountryMissing'],
    ['studio_address', row.studioAddress.trim() === '', 'studioAddressMissing'],
    ['studio_email', row.studioEmail.trim() === '', 'studioEmailMissing'],
    [
      'studio_people',
      !row.studioPeople.some((p) => p.name.trim() !== '' && p.role.trim() !== ''),
      'studioPeopleMissing',
    ],
    ['studio_statement_signed', !row.studioStatementSigned, 'studioStatementMissing'],
  ];
  for (const [field, isMissing, key] of missing) if (isMissing) fields[field] = key;
  return fields;
}

/**
 * What a campaign must have before the public sees it; field -> why not. The key information
 * sheet is part of it: a campaign whose sheet would be incomplete does not open.
 */
export function publishProblems(row: CampaignRow, now: Date): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {};
  const present: Record<(typeof REQUIRED_TO_PUBLISH)[number], boolean> = {
    title: row.title.trim() !== '',
    slug: row.slug !== null,
    summary_en: row.summaryEn !== '',
    summary_it: row.summaryIt !== '',
    story_en: row.storyEn !== '',
    story_it: row.storyIt !== '',
    risks_en: row.risksEn !== '',
    risks_it: row.risksIt !== '',
    use_of_funds_en: row.useOfFundsEn !== '',
    use_of_funds_it: row.useOfFundsIt !== '',
    platforms: row.platforms.length > 0,
    goal: row.goalCents > 0,
    max: row.maxCents !== null,
    revenue_share: row.revenueShareBps !== null,
    starts_at: row.startsAt !== null,
    deadline_at: row.deadlineAt !== null,
  };
  for (const [field, ok] of Object.entries(present)) {
    if (!ok) fields[field] = field === 'platforms' ? 'selectPlatform' : 'fillMandatory';
  }
  if (!fields.deadline_at && row.deadlineAt && row.deadlineAt <= now) fields.deadline_at = 'deadlineInPast';
  return { ...fields, ...studioProblems(row) };
}

export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Completing says the promise to investors has been kept: not before the term is over and the
 * report of its last month was due (ADR 0014). The worker completes such campaigns by itself.
 */
export function mayCompleteCampaign(
  row: { launchedOn: string | null; termMonths: number },
  now: Date,
): boolean {
  return row.launchedOn !== null && mayComplete(row.launchedOn, row.termMonths, todayUtc(now));
}
