import { randomBytes } from 'node:crypto';
import {
  ADMIN_CAMPAIGN_MOVES,
  type BackofficeCampaignDetail,
  type BackofficeCampaignQuery,
  type BackofficeCampaignSummary,
  CAMPAIGN_EDITABLE_TERMS_STATUSES,
  CAMPAIGN_GROUP_STATUSES,
  CAMPAIGN_SLUG_PATTERN,
  CAMPAIGN_STATUSES,
  type CampaignDetailDto,
  type CampaignEditRequest,
  type CampaignEventDto,
  type CampaignListQuery,
  type CampaignServiceDto,
  type CampaignStatus,
  type CampaignStatusRequest,
  type CampaignSummaryDto,
  DEMO_REFLECTION_SECONDS,
  DEVELOPER_SERVICES,
  type DeveloperService,
  GAME_GENRES,
  type GameGenre,
  PUBLIC_CAMPAIGN_STATUSES,
  REFLECTION_PERIOD_DAYS,
  SERVICE_STATUSES,
  type ServiceStatus,
} from '@indiesplit/shared/campaigns';
import type { Language, MessageKey } from '@indiesplit/shared/messages';
import { parseEuroToCents } from '@indiesplit/shared/money';
import { mayComplete, termEndsOn } from '@indiesplit/shared/revenue';
import type { Currency } from '@indiesplit/shared/wallet';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import type { Rule } from '../../platform/rate-limit.ts';
import { openedEmail } from './emails.ts';
import * as repo from './repo.ts';
import { lockCampaign, moveCampaign } from './state.ts';

// Campaigns (ADR 0010): the public pages, the "notify me" list and the back office's editor.
// Admins edit drafts and make the moves of ADMIN_CAMPAIGN_MOVES; the scheduled jobs make the
// platform's moves (opening at the start, closing at the deadline, settling). Every change happens
// under the campaign row's lock, so an edit cannot cross a move made at the same moment.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

const WATCH_PER_IP: Rule = { name: 'campaign-watch-ip', limit: 20, windowSeconds: 60 * 60 };

const REAL_REFLECTION_SECONDS = REFLECTION_PERIOD_DAYS * 24 * 3600;

// --- presenters ---------------------------------------------------------------------------------

/** The media path of a cover, relative to the API root (like an avatar's). */
export function coverUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const asStatus = (s: string) => s as CampaignStatus;
const asCurrency = (c: string): Currency => (c === 'DEMO' ? 'DEMO' : 'EUR');
const asGenre = (g: string | null): GameGenre | null =>
  g !== null && (GAME_GENRES as readonly string[]).includes(g) ? (g as GameGenre) : null;
const asServices = (list: readonly string[]): DeveloperService[] =>
  list.filter((s): s is DeveloperService => (DEVELOPER_SERVICES as readonly string[]).includes(s));
const asServiceStatus = (s: string): ServiceStatus =>
  (SERVICE_STATUSES as readonly string[]).includes(s) ? (s as ServiceStatus) : 'pending';

/** The text in the reader's language; the English one when the Italian is still missing. */
function localized(lang: Language, en: string, it: string): string {
  return lang === 'it' && it.trim() !== '' ? it : en;
}

function isPublic(row: repo.CampaignRow): boolean {
  return PUBLIC_CAMPAIGN_STATUSES.includes(asStatus(row.status));
}

// A public campaign is complete (database check campaigns_complete_when_published): the columns
// that may be null on a draft are set.
function toSummaryDto(row: repo.CampaignRow, lang: Language): CampaignSummaryDto {
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
  };
}

function toDetailDto(
  { campaign: row, developerUsername }: repo.CampaignWithDeveloper,
  checklist: Array<{ service: string; status: string }>,
  lang: Language,
): CampaignDetailDto {
  const summary = toSummaryDto(row, lang);
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
    key_information: {
      offer_type: 'revenue_share',
      project_owner: developerUsername ?? row.title,
      currency: summary.currency,
      goal_cents: summary.goal_cents,
      max_cents: summary.max_cents,
      min_ticket_cents: summary.min_ticket_cents,
      revenue_share_bps: summary.revenue_share_bps,
      term_months: summary.term_months,
      term_starts: 'launch',
      all_or_nothing: true,
      starts_at: summary.starts_at,
      deadline_at: summary.deadline_at,
      reflection_seconds: row.reflectionSeconds,
      investor_fee_cents: 0,
      services: services.map((s) => s.service),
      risks,
      use_of_funds: useOfFunds,
    },
  };
}

function toBackofficeSummary(
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

function toEventDto(row: Awaited<ReturnType<typeof repo.eventsOf>>[number]): CampaignEventDto {
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

// --- public -------------------------------------------------------------------------------------

const byTime =
  (key: 'startsAt' | 'deadlineAt', direction: 1 | -1) => (a: repo.CampaignRow, b: repo.CampaignRow) =>
    direction * ((a[key]?.getTime() ?? 0) - (b[key]?.getTime() ?? 0));

/** Live ones ending soonest first; upcoming ones opening soonest first; funded ones newest first. */
export async function listPublic(
  ctx: AppContext,
  query: CampaignListQuery,
  lang: Language,
): Promise<CampaignSummaryDto[]> {
  const statuses = query.group ? CAMPAIGN_GROUP_STATUSES[query.group] : PUBLIC_CAMPAIGN_STATUSES;
  const rows = (
    await repo.listPublic(ctx.db, {
      statuses,
      platform: query.platform,
      genre: query.genre,
      currency: query.currency,
    })
  ).map((r) => r.campaign);
  if (query.group === 'upcoming') rows.sort(byTime('startsAt', 1));
  else if (query.group === 'funded') rows.sort(byTime('deadlineAt', -1));
  return rows.map((row) => toSummaryDto(row, lang));
}

async function findPublic(db: Db, slug: string): Promise<repo.CampaignWithDeveloper> {
  const found = CAMPAIGN_SLUG_PATTERN.test(slug) ? await repo.findBySlug(db, slug) : undefined;
  // Drafts and cancelled campaigns do not exist for the public.
  if (!found || !isPublic(found.campaign)) throw notFound();
  return found;
}

export async function getPublic(ctx: AppContext, slug: string, lang: Language): Promise<CampaignDetailDto> {
  const found = await findPublic(ctx.db, slug);
  const checklist = (await repo.servicesOf(ctx.db, found.campaign.id)).map((r) => r.service);
  return toDetailDto(found, checklist, lang);
}

/**
 * "Notify me" on a scheduled campaign. The same answer whether the address was already on the list,
 * so the form tells nobody who else is watching.
 */
export async function watch(
  ctx: AppContext,
  slug: string,
  email: string,
  lang: Language,
  ip: string,
): Promise<void> {
  await ctx.limiter.consume(WATCH_PER_IP, ip);
  const { campaign } = await findPublic(ctx.db, slug);
  if (campaign.status !== 'scheduled') throw new AppError('campaignNotUpcoming', 409);
  await repo.addWatcher(ctx.db, {
    campaignId: campaign.id,
    email: email.trim().toLowerCase(),
    language: lang,
  });
}

/**
 * Queues the "it is open" email to every watcher not told yet, in the caller's transaction (the
 * mail goes if and only if the opening commits). For whoever opens a campaign: the admin's move
 * here, the start job elsewhere. Call ctx.mail.nudge() after the commit.
 */
export async function notifyWatchers(ctx: AppContext, tx: Db, campaign: repo.CampaignRow): Promise<number> {
  if (!campaign.slug) return 0;
  const url = `${ctx.config.publicUrl}/campaigns/${campaign.slug}`;
  const watchers = await repo.claimWatchers(tx, campaign.id);
  for (const w of watchers) {
    await enqueueMail(
      tx,
      openedEmail(w.email, w.language, campaign.title, url, campaign.currency === 'DEMO'),
    );
  }
  return watchers.length;
}

// --- back office: reading -----------------------------------------------------------------------

export async function listForBackoffice(
  ctx: AppContext,
  query: BackofficeCampaignQuery,
): Promise<BackofficeCampaignSummary[]> {
  return (await repo.listAll(ctx.db, query)).map((r) => toBackofficeSummary(r.campaign, r.developerUsername));
}

export async function getForBackoffice(ctx: AppContext, id: string): Promise<BackofficeCampaignDetail> {
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

// --- back office: editing -----------------------------------------------------------------------

type Fields = Record<string, MessageKey>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseDateOnly(value: string): string | null | undefined {
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

const TEXT_FIELDS = {
  summary_en: 'summaryEn',
  summary_it: 'summaryIt',
  story_en: 'storyEn',
  story_it: 'storyIt',
  risks_en: 'risksEn',
  risks_it: 'risksIt',
  use_of_funds_en: 'useOfFundsEn',
  use_of_funds_it: 'useOfFundsIt',
} as const;

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

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Turns an edit into column values, or a 400 naming every field that is wrong. Money terms, dates,
 * the currency and the address are frozen once the campaign has opened: sending them unchanged is
 * fine (a form sends everything), changing them is refused.
 */
async function editValues(
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
    if (cents === undefined) fields[field] = 'invalidAmount';
    else if (cents === null && required) fields[field] = 'fillMandatory';
    else if (cents === 0) fields[field] = 'amountMustBePositive';
    else return cents;
    return undefined;
  };
  const goal = money('goal', input.goal, true);
  if (typeof goal === 'number') term('goal', 'goalCents', goal, goal === row.goalCents);
  const max = money('max', input.max, published);
  if (max !== undefined) term('max', 'maxCents', max, max === row.maxCents);
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
  if (codes.length === 1 && fields.slug === 'slugTaken') throw conflict('slugTaken', 'slug');
  if (codes.length > 0) throw badRequest(codes[0]!, fields);
  return values;
}

const isSlugClash = (err: unknown) =>
  (err as { code?: string; constraint?: string; cause?: { constraint?: string } })?.code === '23505' ||
  /campaigns_slug_key/.test(String((err as { cause?: unknown })?.cause ?? err));

export async function editCampaign(
  ctx: AppContext,
  id: string,
  input: CampaignEditRequest,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id)) throw notFound();
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockCampaign(tx, id);
      if (!row) throw notFound();
      const values = await editValues(tx, row, input, new Date());
      if (Object.keys(values).length > 0) await repo.updateCampaign(tx, id, values);
    });
  } catch (err) {
    // Two admins giving two campaigns the same address at the same moment: the index decides.
    if (!(err instanceof AppError) && isSlugClash(err)) throw conflict('slugTaken', 'slug');
    throw err;
  }
  return getForBackoffice(ctx, id);
}

/** What a campaign must have before the public sees it; field -> why not. */
function publishProblems(row: repo.CampaignRow, now: Date): Fields {
  const fields: Fields = {};
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
  return fields;
}

function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Completing says the promise to investors has been kept: not before the term is over and the
 * report of its last month was due (ADR 0014). The worker completes such campaigns by itself.
 */
function mayCompleteCampaign(row: { launchedOn: string | null; termMonths: number }, now: Date): boolean {
  return row.launchedOn !== null && mayComplete(row.launchedOn, row.termMonths, todayUtc(now));
}

/**
 * An admin's move (ADMIN_CAMPAIGN_MOVES), with its event. Publishing needs a complete campaign
 * whose deadline is still ahead; opening now brings a later start forward to now; cancelling needs
 * a reason (the jobs then refund every investment); starting the services writes their checklist;
 * the launch records the game's release date, from which the revenue share runs.
 */
export async function moveStatus(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: CampaignStatusRequest,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id)) throw notFound();
  const to = input.to;
  const reason = input.reason.trim();
  const now = new Date();
  let notified = 0;
  await ctx.db.transaction(async (tx) => {
    let row = await lockCampaign(tx, id);
    if (!row) throw notFound();
    const from = asStatus(row.status);
    if (from === to || !ADMIN_CAMPAIGN_MOVES[from].includes(to)) {
      throw new AppError('campaignTransitionNotAllowed', 409);
    }
    if (to === 'cancelled' && reason === '') throw badRequest('reasonRequired', { reason: 'reasonRequired' });
    if (to === 'scheduled' || to === 'live') {
      const problems = publishProblems(row, now);
      if (Object.keys(problems).length > 0) throw badRequest('campaignIncomplete', problems);
      if (to === 'live' && row.startsAt && row.startsAt > now) {
        row = await repo.updateCampaign(tx, id, { startsAt: now });
      }
    }
    if (to === 'services_active') {
      const services = [...new Set(input.services ?? asServices(row.services))];
      if (services.length === 0) throw badRequest('servicesRequired', { services: 'servicesRequired' });
      row = await repo.updateCampaign(tx, id, { services });
      await repo.insertServices(tx, id, services, adminId);
    }
    if (to === 'launched') {
      const date = input.launched_on ? parseDateOnly(input.launched_on) : null;
      if (!date || date > todayUtc(now)) {
        throw badRequest('launchDateRequired', { launched_on: 'launchDateRequired' });
      }
      row = await repo.updateCampaign(tx, id, { launchedOn: date });
    }
    if (to === 'completed' && !mayCompleteCampaign(row, now)) {
      throw new AppError('campaignTermNotOver', 409);
    }
    const moved = await moveCampaign(tx, row, to, adminId, reason || null, {
      platformShareBps: ctx.config.platformShareBps,
    });
    if (to === 'live') notified = await notifyWatchers(ctx, tx, moved);
  });
  if (notified > 0) ctx.mail.nudge();
  return getForBackoffice(ctx, id);
}

/** A service's progress, while the services run (and after the launch, until completed). */
export async function setServiceStatus(
  ctx: AppContext,
  adminId: string,
  id: string,
  service: DeveloperService,
  status: ServiceStatus,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'services_active' && row.status !== 'launched') {
      throw new AppError('servicesNotActive', 409);
    }
    if (!(await repo.setServiceStatus(tx, id, service, status, adminId))) throw notFound();
  });
  return getForBackoffice(ctx, id);
}

// --- cover image --------------------------------------------------------------------------------

export const COVER_WIDTH = 1600;
export const COVER_HEIGHT = 900;

/**
 * As for avatars (see reencodeImage): a re-encoded 16:9 WebP is stored, so nothing of the original
 * file but its pixels is ever served.
 */
export function processCover(data: Buffer): Promise<Buffer> {
  return reencodeImage(data, { width: COVER_WIDTH, height: COVER_HEIGHT, quality: 82 });
}

export async function replaceCover(
  ctx: AppContext,
  id: string,
  data: Buffer,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id) || !(await repo.findById(ctx.db, id))) throw notFound();
  const encoded = await processCover(data);
  const key = `covers/${randomBytes(16).toString('hex')}.webp`;
  await ctx.storage.put(key, encoded);
  let previous: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockCampaign(tx, id);
      if (!row) throw notFound();
      previous = row.coverImage;
      await repo.updateCampaign(tx, id, { coverImage: key });
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  if (previous) await ctx.storage.delete(previous).catch(() => {});
  return getForBackoffice(ctx, id);
}

export async function readCover(ctx: AppContext, file: string): Promise<Buffer | null> {
  return ctx.storage.get(`covers/${file}`);
}
