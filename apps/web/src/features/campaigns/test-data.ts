import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';

// Test data of the campaign screens: a live EUR campaign as the API describes it, its key
// information sheet following what is overridden.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function campaignDto(over: Partial<CampaignDetailDto> = {}): CampaignDetailDto {
  const base = {
    id: 'c1',
    slug: 'neon-drift',
    title: 'Neon Drift',
    genre: 'racing' as const,
    platforms: ['PC'],
    status: 'live' as const,
    currency: 'EUR' as const,
    goal_cents: 2_000_000,
    max_cents: 3_000_000,
    min_ticket_cents: 5_000,
    committed_cents: 800_000,
    investor_count: 17,
    starts_at: new Date(Date.now() - 3 * DAY).toISOString(),
    deadline_at: new Date(Date.now() + 12 * DAY + HOUR).toISOString(),
    cover_url: null,
    summary: 'Arcade racing in a neon city.',
    revenue_share_bps: 750,
    term_months: REVENUE_SHARE_TERM_MONTHS,
    story: 'We are three friends from Turin.',
    risks: 'The game may never ship.',
    use_of_funds: 'Art and music.',
    services: [{ service: 'marketing', status: 'pending' }] as CampaignDetailDto['services'],
    developer: { username: 'pixelforge' },
    trailer_url: null,
    expected_release_date: null,
    launched_on: null,
    term_ends_on: null,
    platform_share_bps: 1000,
    reflection_seconds: 4 * 86_400,
  };
  const merged = { ...base, ...over };
  return {
    ...merged,
    key_information: {
      offer_type: 'revenue_share',
      project_owner: merged.developer?.username ?? '',
      currency: merged.currency,
      goal_cents: merged.goal_cents,
      max_cents: merged.max_cents,
      min_ticket_cents: merged.min_ticket_cents,
      revenue_share_bps: merged.revenue_share_bps,
      term_months: merged.term_months,
      term_starts: 'launch',
      all_or_nothing: true,
      starts_at: merged.starts_at,
      deadline_at: merged.deadline_at,
      reflection_seconds: merged.reflection_seconds,
      investor_fee_cents: 0,
      services: merged.services.map((s) => s.service),
      risks: merged.risks,
      use_of_funds: merged.use_of_funds,
    },
  };
}
