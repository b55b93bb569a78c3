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
    studio_name: 'Pixelforge S.r.l.',
    trailer_url: null,
    expected_release_date: null,
    launched_on: null,
    term_ends_on: null,
    platform_share_bps: 1000,
    reflection_seconds: 4 * 86_400,
    key_information_version: {
      number: 2,
      sha256: 'a'.repeat(64),
      created_at: '2026-11-20T10:00:00.000Z',
    } as CampaignDetailDto['key_information_version'],
    conflicted_investments: { count: 0, total_cents: 0 },
  };
  const merged = { ...base, ...over };
  return {
    ...merged,
    key_information: keyInformationDto(merged),
  };
}

/**
 * A sheet as the server writes it in English (apps/api campaigns/presenters/key-information.ts),
 * shortened: the warnings and one or two lines of each section.
 */
export function keyInformationDto(
  c: Pick<
    CampaignDetailDto,
    | 'title'
    | 'currency'
    | 'goal_cents'
    | 'max_cents'
    | 'min_ticket_cents'
    | 'revenue_share_bps'
    | 'term_months'
    | 'starts_at'
    | 'deadline_at'
    | 'reflection_seconds'
    | 'services'
    | 'risks'
    | 'use_of_funds'
  >,
): CampaignDetailDto['key_information'] {
  const demo = c.currency === 'DEMO';
  return {
    lang: 'en',
    title: demo
      ? 'Key investment information sheet – DEMO: virtual money, nothing real is invested'
      : 'Key investment information sheet',
    campaign_title: c.title,
    offer_type: 'revenue_share',
    project_owner: 'Pixelforge S.r.l.',
    currency: c.currency,
    demo,
    goal_cents: c.goal_cents,
    max_cents: c.max_cents,
    min_ticket_cents: c.min_ticket_cents,
    revenue_share_bps: c.revenue_share_bps,
    platform_share_bps: 1000,
    investors_share_of_net: c.revenue_share_bps * 9000,
    term_months: c.term_months,
    term_starts: 'launch',
    all_or_nothing: true,
    starts_at: c.starts_at,
    deadline_at: c.deadline_at,
    reflection_seconds: c.reflection_seconds,
    services: c.services.map((s) => s.service),
    risks: c.risks,
    use_of_funds: c.use_of_funds,
    warnings: [
      {
        id: 'disclaimer',
        title: 'Disclaimer',
        text: 'This crowdfunding offer has been neither verified nor approved by competent authorities or ESMA.',
      },
      {
        id: 'risk',
        title: 'Risk warning',
        text: 'Investment in this crowdfunding project entails risks, including the risk of partial or entire loss of the money invested.',
      },
      {
        id: 'reflection',
        title: 'Pre-contractual reflection period',
        text: 'The pre-contractual reflection period shall start at the moment when the offer to invest is made.',
      },
      {
        id: 'responsibility',
        title: 'Responsibility statement – Pixelforge S.r.l.',
        text: 'The project owner is responsible for the preparation of this key investment information sheet.',
      },
    ],
    sections: [
      {
        id: 'owner',
        title: 'A. The project owner and the project',
        items: [
          { label: 'Project owner (legal name)', value: 'Pixelforge S.r.l.', href: null },
          { label: 'Contact', value: 'studio@pixelforge.example', href: 'mailto:studio@pixelforge.example' },
        ],
      },
      {
        id: 'offer',
        title: 'B. The crowdfunding process and its conditions',
        items: [{ label: 'Funding goal (minimum to raise)', value: '€20,000', href: null }],
      },
      {
        id: 'risks',
        title: 'C. Risk factors',
        items: [{ label: 'Risks described by the project owner', value: c.risks, href: null }],
      },
      {
        id: 'instrument',
        title: 'D. What you receive: the revenue share',
        items: [
          {
            label: 'What investors receive in all',
            value:
              'Investors share 7.5% of net revenue; the platform keeps 10% of each pool; investors receive 6.75% of net revenue.',
            href: null,
          },
        ],
      },
      {
        id: 'rights',
        title: 'E. Your rights as an investor',
        items: [{ label: 'Revoking your investment', value: 'You can revoke within 4 days.', href: null }],
      },
      {
        id: 'fees',
        title: 'F. Fees, information and legal redress',
        items: [
          {
            label: 'Fees for investing',
            value: 'None: the whole amount you invest goes to the campaign.',
            href: null,
          },
          {
            label: 'Costs on payouts',
            value: 'The platform’s share: 10% of every revenue pool.',
            href: null,
          },
          {
            label: 'Complaints',
            value: 'How to file a complaint and how it is handled',
            href: '/complaints',
          },
          {
            label: 'Conflicts of interest',
            value: 'IndieSplit’s conflicts-of-interest policy',
            href: '/conflicts-of-interest',
          },
        ],
      },
    ],
  };
}
