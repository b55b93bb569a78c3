import { z } from 'zod';
import { GAME_GENRES } from './campaign-discovery.ts';
import {
  CAMPAIGN_REASON_MAX,
  CAMPAIGN_SLUG_MAX,
  CAMPAIGN_STATUSES,
  CAMPAIGN_STORY_MAX,
  CAMPAIGN_SUMMARY_MAX,
  CAMPAIGN_TEXT_MAX,
  CAMPAIGN_TITLE_MAX,
  CampaignServiceDto,
  DEVELOPER_SERVICES,
  SERVICE_STATUSES,
} from './campaigns.ts';
import { PITCH_PLATFORMS } from './pitches.ts';
import { CURRENCIES, IncludeDemoParam } from './wallet.ts';

// The back office's contracts for campaigns (ADR 0010): the list and detail an admin works from,
// the editor's request with the key information sheet's studio fields (ADR 0028, 0031), and the
// status moves. The public contracts and the rules they follow are in campaigns.ts.

export const BackofficeCampaignQuery = z.object({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  include_demo: IncludeDemoParam,
});
export type BackofficeCampaignQuery = z.infer<typeof BackofficeCampaignQuery>;

export const BackofficeCampaignSummary = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  currency: z.enum(CURRENCIES),
  goal_cents: z.number().int(),
  max_cents: z.number().int().nullable(),
  committed_cents: z.number().int(),
  investor_count: z.number().int(),
  starts_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
  developer: z.object({ id: z.string(), username: z.string() }).nullable(),
  updated_at: z.string(),
});
export type BackofficeCampaignSummary = z.infer<typeof BackofficeCampaignSummary>;

export const BackofficeCampaignList = z.object({ campaigns: z.array(BackofficeCampaignSummary) });

export const CampaignEventDto = z.object({
  id: z.number().int(),
  from_status: z.enum(CAMPAIGN_STATUSES).nullable(),
  to_status: z.enum(CAMPAIGN_STATUSES),
  /** Null: the platform's scheduled jobs. */
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type CampaignEventDto = z.infer<typeof CampaignEventDto>;

export const CampaignServiceRowDto = CampaignServiceDto.extend({
  updated_at: z.string(),
  updated_by: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type CampaignServiceRowDto = z.infer<typeof CampaignServiceRowDto>;

export const BackofficeCampaignDetail = BackofficeCampaignSummary.extend({
  pitch_id: z.string().nullable(),
  genre: z.enum(GAME_GENRES).nullable(),
  platforms: z.array(z.string()),
  summary_en: z.string(),
  summary_it: z.string(),
  story_en: z.string(),
  story_it: z.string(),
  risks_en: z.string(),
  risks_it: z.string(),
  use_of_funds_en: z.string(),
  use_of_funds_it: z.string(),
  /** The services chosen to start when funded. */
  services: z.array(z.enum(DEVELOPER_SERVICES)),
  cover_url: z.string().nullable(),
  trailer_url: z.string().nullable(),
  min_ticket_cents: z.number().int(),
  revenue_share_bps: z.number().int().nullable(),
  term_months: z.number().int(),
  reflection_seconds: z.number().int(),
  expected_release_date: z.string().nullable(),
  launched_on: z.string().nullable(),
  /** The studio as the key information sheet names it (ADR 0028). */
  studio: z.object({
    legal_name: z.string(),
    legal_form: z.string(),
    registration_number: z.string(),
    country: z.string(),
    address: z.string(),
    email: z.string(),
    people: z.array(z.object({ name: z.string(), role: z.string() })),
    statement_signed: z.boolean(),
  }),
  /** Declared: what the studio raised by crowdfunding outside IndieSplit in the last 12 months (ADR 0031). */
  studio_raised_elsewhere_cents: z.number().int(),
  created_at: z.string(),
  /** Money terms, dates and slug are frozen (the campaign has opened). */
  terms_frozen: z.boolean(),
  /** The moves an admin may make from here. */
  allowed_moves: z.array(z.enum(CAMPAIGN_STATUSES)),
  events: z.array(CampaignEventDto),
  /** The services checklist (rows exist once services are active). */
  service_checklist: z.array(CampaignServiceRowDto),
});
export type BackofficeCampaignDetail = z.infer<typeof BackofficeCampaignDetail>;

const text = (max: number, code: string) => z.string().trim().max(max, code);

export const STUDIO_TEXT_MAX = 200;
export const STUDIO_ADDRESS_MAX = 500;
export const STUDIO_PEOPLE_MAX = 10;
/**
 * The most a studio may raise through crowdfunding in 12 months, across platforms, for the offer to
 * stay within ECSP (Art 1(2)(c)): 5,000,000 EUR, in cents (ADR 0031).
 */
export const STUDIO_RAISE_LIMIT_CENTS = 500_000_000;

/** ISO 3166-1 alpha-2, e.g. IT. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** A person responsible for the key information sheet (Annex I Part A(b)). */
export const StudioPersonInput = z.object({
  name: text(STUDIO_TEXT_MAX, 'studioTextTooLong'),
  role: text(STUDIO_TEXT_MAX, 'studioTextTooLong'),
});

/**
 * PATCH /backoffice/campaigns/:id — any subset of the fields. Amounts are euro strings as typed
 * ("25000", "25000,50"), the revenue share a percentage string ("7.5"); the server turns them into
 * cents and basis points and checks how they fit together.
 */
export const CampaignEditRequest = z
  .object({
    title: text(CAMPAIGN_TITLE_MAX, 'pitchFieldTooLong'),
    slug: z.string().trim().max(CAMPAIGN_SLUG_MAX, 'invalidSlug'),
    genre: z.enum(GAME_GENRES).nullable(),
    platforms: z.array(z.enum(PITCH_PLATFORMS)).max(PITCH_PLATFORMS.length),
    summary_en: text(CAMPAIGN_SUMMARY_MAX, 'summaryTooLong'),
    summary_it: text(CAMPAIGN_SUMMARY_MAX, 'summaryTooLong'),
    story_en: text(CAMPAIGN_STORY_MAX, 'storyTooLong'),
    story_it: text(CAMPAIGN_STORY_MAX, 'storyTooLong'),
    risks_en: text(CAMPAIGN_TEXT_MAX, 'textTooLong'),
    risks_it: text(CAMPAIGN_TEXT_MAX, 'textTooLong'),
    use_of_funds_en: text(CAMPAIGN_TEXT_MAX, 'textTooLong'),
    use_of_funds_it: text(CAMPAIGN_TEXT_MAX, 'textTooLong'),
    services: z.array(z.enum(DEVELOPER_SERVICES)).max(DEVELOPER_SERVICES.length),
    trailer_url: z.string().trim().max(2000, 'invalidUrl'),
    expected_release_date: z.string().trim().max(10, 'invalidDate'),
    currency: z.enum(CURRENCIES),
    goal: z.string().max(30, 'invalidAmount'),
    max: z.string().max(30, 'invalidAmount'),
    min_ticket: z.string().max(30, 'invalidAmount'),
    revenue_share: z.string().max(10, 'revenueShareRange'),
    /** ISO date-times with an offset; '' clears while a draft. */
    starts_at: z.string().trim().max(40, 'invalidDate'),
    deadline_at: z.string().trim().max(40, 'invalidDate'),
    /** The studio's identity for the key information sheet; '' clears while a draft. */
    studio_legal_name: text(STUDIO_TEXT_MAX, 'studioTextTooLong'),
    studio_legal_form: text(STUDIO_TEXT_MAX, 'studioTextTooLong'),
    studio_registration_number: text(STUDIO_TEXT_MAX, 'studioTextTooLong'),
    studio_country: z.string().trim().toUpperCase().max(2, 'invalidCountry'),
    studio_address: text(STUDIO_ADDRESS_MAX, 'studioAddressTooLong'),
    studio_email: text(254, 'invalidEmail'),
    studio_people: z.array(StudioPersonInput).max(STUDIO_PEOPLE_MAX, 'studioPeopleTooMany'),
    studio_statement_signed: z.boolean(),
    /** Euros raised by crowdfunding outside IndieSplit in the last 12 months, as typed ('' = 0). */
    studio_raised_elsewhere: z.string().max(30, 'invalidAmount'),
  })
  .partial()
  .strict();
export type CampaignEditRequest = z.infer<typeof CampaignEditRequest>;

export const CampaignStatusRequest = z.object({
  to: z.enum(CAMPAIGN_STATUSES),
  reason: z.string().trim().max(CAMPAIGN_REASON_MAX, 'textTooLong').default(''),
  /** funded -> services_active: which services start (default: the campaign's chosen ones). */
  services: z.array(z.enum(DEVELOPER_SERVICES)).max(DEVELOPER_SERVICES.length).optional(),
  /** services_active -> launched: the game's release date, YYYY-MM-DD. */
  launched_on: z.string().trim().max(10).optional(),
});
export type CampaignStatusRequest = z.infer<typeof CampaignStatusRequest>;

export const ServiceStatusRequest = z.object({ status: z.enum(SERVICE_STATUSES) });
export type ServiceStatusRequest = z.infer<typeof ServiceStatusRequest>;
