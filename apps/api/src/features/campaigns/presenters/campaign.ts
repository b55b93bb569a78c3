import {
  CAMPAIGN_STATUSES,
  type CampaignDetailDto,
  type CampaignServiceDto,
  type CampaignStatus,
  type CampaignSummaryDto,
  DEVELOPER_SERVICES,
  type DeveloperService,
  type KeyInformationVersionRef,
  PUBLIC_CAMPAIGN_STATUSES,
} from '@indiesplit/shared/campaigns';
import type { BackofficeCampaignSummary, CampaignEventDto } from '@indiesplit/shared/campaigns-backoffice';
import type { Language } from '@indiesplit/shared/messages';
import { termEndsOn } from '@indiesplit/shared/revenue';
import type * as repo from '../repo.ts';
import { type KeyInformationOptions, keyInformationOf } from './key-information.ts';
import { asCurrency, asGenre, asServiceStatus, asServices, asStatus, iso, localized } from './values.ts';

// How a campaign row is shown: to the public (in the reader's language) and to the back office.
// Never a row itself (ARCHITECTURE: "never return a database row").

/** The media path of a cover, relative to the API root (like an avatar's). */
export function coverUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

export function isPublic(row: repo.CampaignRow): boolean {
  return PUBLIC_CAMPAIGN_STATUSES.includes(asStatus(row.status));
}

/**
 * The studio's public name: the legal name it gave for the key information sheet (required to
 * publish), else, for a campaign that has none, the developer's username. An erased developer's
 * username is already null here.
 */
export function studioName(row: repo.CampaignRow, developerUsername: string | null): string | null {
  return row.studioLegalName.trim() || developerUsername || null;
}

// A public campaign is complete (database check campaigns_complete_when_published): the columns
// that may be null on a draft are set.
export function toSummaryDto(
  row: repo.CampaignRow,
  lang: Language,
  developerUsername: string | null,
): CampaignSummaryDto {
  return {
    id: row.id,
    slug: row.slug ?? '',
    title: row.title,
    genre: asGenre(row.genre),
    platforms: row.platforms,
    status: asStatus(row.status),
    currency: asCurrency(row.currency),
    goal_cents: row.goalCents,
    max_cents: row.maxCents ?? row.goalCents,
    min_ticket_cents: row.minTicketCents,
    committed_cents: row.committedCents,
    investor_count: row.investorCount,
    starts_at: iso(row.startsAt) ?? '',
    deadline_at: iso(row.deadlineAt) ?? '',
    cover_url: coverUrl(row.coverImage),
    summary: localized(lang, row.summaryEn, row.summaryIt),
    revenue_share_bps: row.revenueShareBps ?? 0,
    term_months: row.termMonths,
    studio_name: studioName(row, developerUsername),
  };
}

export function toDetailDto(
  { campaign: row, developerUsername }: repo.CampaignWithDeveloper,
  checklist: Array<{ service: string; status: string }>,
  lang: Language,
  terms: KeyInformationOptions = {},
  keyInformationVersion: KeyInformationVersionRef | null = null,
  conflicted: CampaignDetailDto['conflicted_investments'] = { count: 0, total_cents: 0 },
): CampaignDetailDto {
  const summary = toSummaryDto(row, lang, developerUsername);
  // Once the services started, their progress; before, the ones that will start.
  const services: CampaignServiceDto[] =
    checklist.length > 0
      ? checklist
          .filter((s) => (DEVELOPER_SERVICES as readonly string[]).includes(s.service))
          .map((s) => ({ service: s.service as DeveloperService, status: asServiceStatus(s.status) }))
      : asServices(row.services).map((service) => ({ service, status: 'pending' as const }));
  const risks = localized(lang, row.risksEn, row.risksIt);
  const useOfFunds = localized(lang, row.useOfFundsEn, row.useOfFundsIt);
  return {
    ...summary,
    story: localized(lang, row.storyEn, row.storyIt),
    risks,
    use_of_funds: useOfFunds,
    services,
    developer: developerUsername ? { username: developerUsername } : null,
    trailer_url: row.trailerUrl,
    expected_release_date: row.expectedReleaseDate,
    launched_on: row.launchedOn,
    term_ends_on: row.launchedOn ? termEndsOn(row.launchedOn, row.termMonths) : null,
    platform_share_bps: row.platformShareBps,
    reflection_seconds: row.reflectionSeconds,
    key_information: keyInformationOf(row, developerUsername, lang, terms),
    key_information_version: keyInformationVersion,
    conflicted_investments: conflicted,
  };
}

export function toBackofficeSummary(
  row: repo.CampaignRow,
  developerUsername: string | null,
): BackofficeCampaignSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: asStatus(row.status),
    currency: asCurrency(row.currency),
    goal_cents: row.goalCents,
    max_cents: row.maxCents,
    committed_cents: row.committedCents,
    investor_count: row.investorCount,
    starts_at: iso(row.startsAt),
    deadline_at: iso(row.deadlineAt),
    developer:
      row.developerId && developerUsername ? { id: row.developerId, username: developerUsername } : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

const statusOrNull = (s: string | null): CampaignStatus | null =>
  s !== null && (CAMPAIGN_STATUSES as readonly string[]).includes(s) ? (s as CampaignStatus) : null;

export function toEventDto(row: Awaited<ReturnType<typeof repo.eventsOf>>[number]): CampaignEventDto {
  const { event } = row;
  return {
    id: event.id,
    from_status: statusOrNull(event.fromStatus),
    to_status: statusOrNull(event.toStatus) ?? 'draft',
    actor: event.actorId ? { id: event.actorId, username: row.actorUsername ?? '' } : null,
    reason: event.reason,
    created_at: event.createdAt.toISOString(),
  };
}
