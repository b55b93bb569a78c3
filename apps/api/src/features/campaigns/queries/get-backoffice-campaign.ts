import {
  ADMIN_CAMPAIGN_MOVES,
  CAMPAIGN_EDITABLE_TERMS_STATUSES,
  type DeveloperService,
} from '@indiesplit/shared/campaigns';
import type { BackofficeCampaignDetail } from '@indiesplit/shared/campaigns-backoffice';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { coverUrl, toBackofficeSummary, toEventDto } from '../presenters/campaign.ts';
import { asGenre, asServiceStatus, asServices, asStatus } from '../presenters/values.ts';
import * as repo from '../repo.ts';
import { isUuid } from '../validation/ids.ts';
import { mayCompleteCampaign } from '../validation/publish.ts';

/** One campaign for the back office: every field, its history, its checklist, the moves it allows. */
export async function getBackofficeCampaign(ctx: AppContext, id: string): Promise<BackofficeCampaignDetail> {
  const found = isUuid(id) ? await repo.findById(ctx.db, id) : undefined;
  if (!found) throw notFound();
  const [events, checklist] = await Promise.all([repo.eventsOf(ctx.db, id), repo.servicesOf(ctx.db, id)]);
  const row = found.campaign;
  const status = asStatus(row.status);
  return {
    ...toBackofficeSummary(row, found.developerUsername),
    pitch_id: row.pitchId,
    genre: asGenre(row.genre),
    platforms: row.platforms,
    summary_en: row.summaryEn,
    summary_it: row.summaryIt,
    story_en: row.storyEn,
    story_it: row.storyIt,
    risks_en: row.risksEn,
    risks_it: row.risksIt,
    use_of_funds_en: row.useOfFundsEn,
    use_of_funds_it: row.useOfFundsIt,
    services: asServices(row.services),
    cover_url: coverUrl(row.coverImage),
    trailer_url: row.trailerUrl,
    min_ticket_cents: row.minTicketCents,
    revenue_share_bps: row.revenueShareBps,
    term_months: row.termMonths,
    reflection_seconds: row.reflectionSeconds,
    expected_release_date: row.expectedReleaseDate,
    launched_on: row.launchedOn,
    studio: {
      legal_name: row.studioLegalName,
      legal_form: row.studioLegalForm,
      registration_number: row.studioRegistrationNumber,
      country: row.studioCountry,
      address: row.studioAddress,
      email: row.studioEmail,
      people: row.studioPeople,
      statement_signed: row.studioStatementSigned,
    },
    studio_raised_elsewhere_cents: row.studioRaisedElsewhereCents,
    created_at: row.createdAt.toISOString(),
    terms_frozen: !CAMPAIGN_EDITABLE_TERMS_STATUSES.includes(status),
    allowed_moves: ADMIN_CAMPAIGN_MOVES[status].filter(
      (to) => to !== 'completed' || mayCompleteCampaign(row, new Date()),
    ),
    events: events.map(toEventDto),
    service_checklist: checklist.map(({ service, updaterUsername }) => ({
      service: service.service as DeveloperService,
      status: asServiceStatus(service.status),
      updated_at: service.updatedAt.toISOString(),
      updated_by: service.updatedBy ? { id: service.updatedBy, username: updaterUsername ?? '' } : null,
    })),
  };
}
