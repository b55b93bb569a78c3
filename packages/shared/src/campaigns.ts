import { z } from 'zod';
import {
  CAMPAIGN_GROUPS,
  CAMPAIGN_PAGE_SIZE_MAX,
  CAMPAIGN_SEARCH_MAX,
  CAMPAIGN_SORTS,
  type CampaignGroup,
  GAME_GENRES,
} from './campaign-discovery.ts';
import { PITCH_PLATFORMS } from './pitches.ts';
import { emailSchema } from './validation.ts';
import { CURRENCIES } from './wallet.ts';

// What the public list is searched and paged by lives in a module of its own, without the schemas,
// so the public campaign pages can use it without loading the validation library.
export {
  CAMPAIGN_GROUPS,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_PAGE_SIZE_MAX,
  CAMPAIGN_SEARCH_MAX,
  CAMPAIGN_SORTS,
  type CampaignGroup,
  type CampaignSort,
  campaignListPath,
  campaignPath,
  GAME_GENRES,
  type GameGenre,
} from './campaign-discovery.ts';

// Campaigns (spec §1, §4 "Funding"): an approved pitch becomes a campaign draft; an admin completes
// it and moves it along CAMPAIGN_TRANSITIONS. Investors commit money while it is live; at the
// deadline it is funded (the money goes to the game, the developer services start) or it fails
// (everyone is refunded). Amounts are integer cents; percentages are basis points (1% = 100).

export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'live',
  'closing',
  'funded',
  'failed',
  'services_active',
  'launched',
  'completed',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * Who may move a campaign where. "admin" moves are made in the back office; "system" moves are made
 * by the scheduled jobs (start time reached, deadline passed, settlement done).
 */
export const CAMPAIGN_TRANSITIONS: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ['scheduled', 'live', 'cancelled'],
  scheduled: ['live', 'draft', 'cancelled'],
  live: ['closing', 'cancelled'],
  closing: ['funded', 'failed', 'cancelled'],
  funded: ['services_active'],
  failed: [],
  services_active: ['launched'],
  launched: ['completed'],
  completed: [],
  cancelled: [],
};

export function canMoveCampaign(from: CampaignStatus, to: CampaignStatus): boolean {
  return CAMPAIGN_TRANSITIONS[from].includes(to);
}

/** States in which the public can see the campaign's page. */
export const PUBLIC_CAMPAIGN_STATUSES: readonly CampaignStatus[] = [
  'scheduled',
  'live',
  'closing',
  'funded',
  'failed',
  'services_active',
  'launched',
  'completed',
];

/** States in which money can be committed. */
export const INVESTABLE_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['live'];

/** The developer services a funded campaign starts (spec §1), as a checklist. */
export const DEVELOPER_SERVICES = [
  'mentoring',
  'marketing',
  'legal',
  'hr',
  'back_office',
  'distribution',
  'publishing',
] as const;
export type DeveloperService = (typeof DEVELOPER_SERVICES)[number];

export const SERVICE_STATUSES = ['pending', 'in_progress', 'done'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Default minimum ticket: 50 euros. */
export const DEFAULT_MIN_TICKET_CENTS = 5_000;
/** ECSP art. 22: a non-sophisticated investor may revoke within 4 calendar days. */
export const REFLECTION_PERIOD_DAYS = 4;
/** ECSP art. 21(7): the warning threshold is the higher of 1,000 euros and 5% of net worth. */
export const HIGH_AMOUNT_THRESHOLD_CENTS = 100_000;
export const HIGH_AMOUNT_NET_WORTH_BPS = 500;
/** ECSP art. 21: the entry knowledge test is valid for 2 years. */
export const KNOWLEDGE_TEST_VALID_MONTHS = 24;

// ---- moves made by an admin (the platform's own moves are made by the scheduled jobs) ----------

/**
 * The moves the back office offers: publish (scheduled or straight to live), unpublish, cancel
 * before funding (the jobs refund everyone), then the life after funding. live -> closing and
 * closing -> funded | failed belong to the jobs only.
 */
export const ADMIN_CAMPAIGN_MOVES: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ['scheduled', 'live', 'cancelled'],
  scheduled: ['live', 'draft', 'cancelled'],
  live: ['cancelled'],
  closing: ['cancelled'],
  funded: ['services_active'],
  failed: [],
  services_active: ['launched'],
  launched: ['completed'],
  completed: [],
  cancelled: [],
};

/** Money terms, dates and the address can change only before the campaign opens. */
export const CAMPAIGN_EDITABLE_TERMS_STATUSES: readonly CampaignStatus[] = ['draft', 'scheduled'];

/** The revocation window of a demo campaign: demo campaigns run on a fast clock. */
export const DEMO_REFLECTION_SECONDS = 5 * 60;

export const CAMPAIGN_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const CAMPAIGN_SLUG_MAX = 80;
export const CAMPAIGN_TITLE_MAX = 200;
export const CAMPAIGN_SUMMARY_MAX = 300;
export const CAMPAIGN_STORY_MAX = 20_000;
export const CAMPAIGN_TEXT_MAX = 5_000;
export const CAMPAIGN_REASON_MAX = 1_000;

export const CAMPAIGN_GROUP_STATUSES: Record<CampaignGroup, readonly CampaignStatus[]> = {
  live: ['live', 'closing'],
  upcoming: ['scheduled'],
  funded: ['funded', 'services_active', 'launched', 'completed'],
};

// ---- public contracts ----------------------------------------------------------------------------

export const CampaignListQuery = z.object({
  group: z.enum(CAMPAIGN_GROUPS).optional(),
  platform: z.enum(PITCH_PLATFORMS).optional(),
  genre: z.enum(GAME_GENRES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Words of the game's title or of the studio's name. */
  q: z.string().trim().max(CAMPAIGN_SEARCH_MAX).optional(),
  sort: z.enum(CAMPAIGN_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
  page_size: z.coerce.number().int().min(1).max(CAMPAIGN_PAGE_SIZE_MAX).optional(),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;
export const CampaignSummaryDto = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  genre: z.enum(GAME_GENRES).nullable(),
  platforms: z.array(z.string()),
  status: z.enum(CAMPAIGN_STATUSES),
  /** DEMO: virtual money, shown as such everywhere. */
  currency: z.enum(CURRENCIES),
  goal_cents: z.number().int(),
  max_cents: z.number().int(),
  min_ticket_cents: z.number().int(),
  committed_cents: z.number().int(),
  investor_count: z.number().int(),
  starts_at: z.string(),
  deadline_at: z.string(),
  /** Relative to the API root, like an avatar's URL. */
  cover_url: z.string().nullable(),
  /** In the request's language (English when the Italian text is missing). */
  summary: z.string(),
  revenue_share_bps: z.number().int(),
  term_months: z.number().int(),
  /**
   * Who makes the game, as the public sees it: the studio's legal name from the key information
   * sheet, else the developer's username; null when there is neither.
   */
  studio_name: z.string().nullable(),
});
export type CampaignSummaryDto = z.infer<typeof CampaignSummaryDto>;

export const CampaignListResponse = z.object({
  campaigns: z.array(CampaignSummaryDto),
  /** How many campaigns match, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CampaignListResponse = z.infer<typeof CampaignListResponse>;

export const CampaignServiceDto = z.object({
  service: z.enum(DEVELOPER_SERVICES),
  status: z.enum(SERVICE_STATUSES),
});
export type CampaignServiceDto = z.infer<typeof CampaignServiceDto>;

/** One line of the key information sheet: a label and its value, maybe a link (a site path). */
export const KeyInformationItemDto = z.object({
  label: z.string(),
  value: z.string(),
  href: z.string().nullable(),
});
export type KeyInformationItemDto = z.infer<typeof KeyInformationItemDto>;

/** The sheet's parts in the order of ECSP Annex I (ADR 0028). */
export const KEY_INFORMATION_SECTIONS = [
  'owner', // A: the project owner and the project
  'offer', // B: the crowdfunding process and its conditions
  'risks', // C: risk factors
  'instrument', // D: what the investor receives
  'rights', // E: investor rights
  'fees', // F: fees, information and legal redress
] as const;
export type KeyInformationSectionId = (typeof KEY_INFORMATION_SECTIONS)[number];

export const KeyInformationSectionDto = z.object({
  id: z.enum(KEY_INFORMATION_SECTIONS),
  title: z.string(),
  items: z.array(KeyInformationItemDto),
});
export type KeyInformationSectionDto = z.infer<typeof KeyInformationSectionDto>;

export const KEY_INFORMATION_WARNINGS = ['disclaimer', 'risk', 'reflection', 'responsibility'] as const;

/**
 * The key investment information sheet (ECSP art. 23, Annex I; ADR 0028) in one language, fully
 * decided by the server: the page, the invest screen and the PDF render the same sections and the
 * regulation's warnings word for word. The figures are there too, for whoever needs them.
 */
export const KeyInformationDto = z.object({
  lang: z.enum(['en', 'it']),
  title: z.string(),
  campaign_title: z.string(),
  offer_type: z.literal('revenue_share'),
  /** The studio's legal name (its username until the campaign has one). */
  project_owner: z.string(),
  currency: z.enum(CURRENCIES),
  /** Virtual money: the sheet says so first. */
  demo: z.boolean(),
  goal_cents: z.number().int(),
  max_cents: z.number().int(),
  min_ticket_cents: z.number().int(),
  revenue_share_bps: z.number().int(),
  /** The platform's part of each pool (frozen at going live; the configured one before). */
  platform_share_bps: z.number().int(),
  /** The investors' share of the net revenue after the platform's part, millionths of a percent. */
  investors_share_of_net: z.number().int(),
  term_months: z.number().int(),
  /** The term runs from the game's launch. */
  term_starts: z.literal('launch'),
  /** A missed goal refunds every investor. */
  all_or_nothing: z.literal(true),
  starts_at: z.string(),
  deadline_at: z.string(),
  reflection_seconds: z.number().int(),
  services: z.array(z.enum(DEVELOPER_SERVICES)),
  risks: z.string(),
  use_of_funds: z.string(),
  /** The regulation's texts, verbatim in the sheet's language. */
  warnings: z.array(z.object({ id: z.enum(KEY_INFORMATION_WARNINGS), title: z.string(), text: z.string() })),
  sections: z.array(KeyInformationSectionDto),
});
export type KeyInformationDto = z.infer<typeof KeyInformationDto>;

/** Which version of the sheet is meant (ADR 0029): its number, content hash and date. */
export const KeyInformationVersionRef = z.object({
  number: z.number().int().positive(),
  /** Lower-case hex SHA-256 of the version's canonical content (both languages). */
  sha256: z.string(),
  created_at: z.string(),
});
export type KeyInformationVersionRef = z.infer<typeof KeyInformationVersionRef>;

/** GET /campaigns/:slug/key-information/versions/:number — one version, in the reader's language. */
export const KeyInformationVersionDto = KeyInformationVersionRef.extend({
  /** Whether the change from the previous version was material (it reopened revocation). */
  material: z.boolean(),
  /** The sheet's fields that changed from the previous version. */
  changes: z.array(z.string()),
  key_information: KeyInformationDto,
});
export type KeyInformationVersionDto = z.infer<typeof KeyInformationVersionDto>;

/** GET /campaigns/:slug/key-information/versions — every version, newest first. */
export const KeyInformationVersionListDto = z.object({
  versions: z.array(KeyInformationVersionRef.extend({ material: z.boolean(), changes: z.array(z.string()) })),
});
export type KeyInformationVersionListDto = z.infer<typeof KeyInformationVersionListDto>;

export const CampaignDetailDto = CampaignSummaryDto.extend({
  story: z.string(),
  risks: z.string(),
  use_of_funds: z.string(),
  /** The chosen services; with their progress once funded. */
  services: z.array(CampaignServiceDto),
  developer: z.object({ username: z.string() }).nullable(),
  trailer_url: z.string().nullable(),
  expected_release_date: z.string().nullable(),
  launched_on: z.string().nullable(),
  /** The revenue-share term's last day, once launched (ADR 0014). */
  term_ends_on: z.string().nullable(),
  /** The platform's part of each revenue pool, basis points (null before the campaign went live). */
  platform_share_bps: z.number().int().nullable(),
  reflection_seconds: z.number().int(),
  key_information: KeyInformationDto,
  /** The sheet's current version: an investment must acknowledge this one (null before publishing). */
  key_information_version: KeyInformationVersionRef.nullable(),
  /**
   * Conflicts of interest (ECSP Art 8, ADR 0031): the total of the live investments (reserved or
   * posted) made by the platform's staff or by the studio's own people, and how many there are.
   */
  conflicted_investments: z.object({ count: z.number().int(), total_cents: z.number().int() }),
});
export type CampaignDetailDto = z.infer<typeof CampaignDetailDto>;

/** POST /campaigns/:slug/watchers — "notify me" when a scheduled campaign opens. */
export const WatchRequest = z.object({ email: emailSchema });
export type WatchRequest = z.infer<typeof WatchRequest>;

export const WatchResponse = z.object({ success: z.literal(true), message: z.string() });
