import type { KeyInformationDto } from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import type * as repo from '../repo.ts';
import { asCurrency, asServices, iso, localized } from './values.ts';

/**
 * The key investment information sheet of a campaign in one language, from its row. The campaign
 * page and the invest screen show it; it is the one place the sheet's content is decided.
 */
export function keyInformationOf(
  row: repo.CampaignRow,
  developerUsername: string | null,
  lang: Language,
): KeyInformationDto {
  return {
    offer_type: 'revenue_share',
    project_owner: developerUsername ?? row.title,
    currency: asCurrency(row.currency),
    goal_cents: row.goalCents,
    max_cents: row.maxCents ?? row.goalCents,
    min_ticket_cents: row.minTicketCents,
    revenue_share_bps: row.revenueShareBps ?? 0,
    term_months: row.termMonths,
    term_starts: 'launch',
    all_or_nothing: true,
    starts_at: iso(row.startsAt) ?? '',
    deadline_at: iso(row.deadlineAt) ?? '',
    reflection_seconds: row.reflectionSeconds,
    investor_fee_cents: 0,
    services: asServices(row.services),
    risks: localized(lang, row.risksEn, row.risksIt),
    use_of_funds: localized(lang, row.useOfFundsEn, row.useOfFundsIt),
  };
}
