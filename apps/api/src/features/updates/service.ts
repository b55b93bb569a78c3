import { randomBytes } from 'node:crypto';
import type { Language } from '@indiesplit/shared/languages';
import {
  UPDATES_PAGE_SIZE,
  type UpdateDto,
  type UpdateListResponse,
  type UpdateRequest,
} from '@indiesplit/shared/updates';
import type { Caller } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import type { Rule } from '../../platform/rate-limit.ts';
import { findPublicCampaign } from '../campaigns/queries/get-public-campaign.ts';
import { notify } from '../notifications/service.ts';
import { renderMarkdown } from './markdown.ts';
import * as repo from './repo.ts';

// Campaign updates and follows (ADR 0037). A studio posts updates on its own public campaign; each
// is public or for investors only. Investors-only updates do not exist for anyone else: they are
// left out of the list and answer 404 alone. A new update notifies the campaign's investors (and,
// when public, its followers) through the notifications feature, in the same transaction.

/** Posting: a few a day per studio account; generous for news, tight for a script. */
const POSTS_PER_ACCOUNT: Rule = { name: 'update-post-account', limit: 5, windowSeconds: 3600 };
const POSTS_PER_DAY: Rule = { name: 'update-post-account-day', limit: 20, windowSeconds: 24 * 3600 };
const IMAGES_PER_ACCOUNT: Rule = { name: 'update-image-account', limit: 30, windowSeconds: 3600 };
const FOLLOWS_PER_ACCOUNT: Rule = { name: 'follow-account', limit: 120, windowSeconds: 3600 };

type Found = Awaited<ReturnType<typeof findPublicCampaign>>;

const isStudio = (found: Found, caller: Caller | null) =>
  Boolean(caller && found.campaign.developerId && found.campaign.developerId === caller.id);

async function seesInvestorsOnly(ctx: AppContext, found: Found, caller: Caller | null): Promise<boolean> {
  if (!caller) return false;
  if (isStudio(found, caller) || caller.staffRole === 'admin') return true;
  return repo.isInvestor(ctx.db, found.campaign.id, caller.id);
}

function toDto(row: repo.UpdateRow, lang: Language): UpdateDto {
  const language: Language = row[lang === 'it' ? 'titleIt' : 'titleEn'] ? lang : row.titleEn ? 'en' : 'it';
  return {
    id: row.id,
    visibility: row.visibility as UpdateDto['visibility'],
    language,
    title: language === 'it' ? row.titleIt : row.titleEn,
    body_html: language === 'it' ? row.htmlIt : row.htmlEn,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt ? row.editedAt.toISOString() : null,
  };
}

export async function listUpdates(
  ctx: AppContext,
  slug: string,
  caller: Caller | null,
  page: number,
  lang: Language,
): Promise<UpdateListResponse> {
  const found = await findPublicCampaign(ctx.db, slug);
  const all = await seesInvestorsOnly(ctx, found, caller);
  const { rows, count } = await repo.pageOf(
    ctx.db,
    found.campaign.id,
    all,
    (page - 1) * UPDATES_PAGE_SIZE,
    UPDATES_PAGE_SIZE,
  );
  return {
    count,
    page,
    pages: Math.max(1, Math.ceil(count / UPDATES_PAGE_SIZE)),
    results: rows.map((r) => toDto(r, lang)),
  };
}

export async function getUpdate(
  ctx: AppContext,
  slug: string,
  id: string,
  caller: Caller | null,
  lang: Language,
) {
  const found = await findPublicCampaign(ctx.db, slug);
  const row = isUuid(id) ? await repo.findUpdate(ctx.db, found.campaign.id, id) : undefined;
  if (!row) throw new AppError('updateNotFound', 404);
  if (row.visibility === 'investors' && !(await seesInvestorsOnly(ctx, found, caller)))
    throw new AppError('updateNotFound', 404);
  return { dto: toDto(row, lang), source: isStudio(found, caller) ? row : null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: string) => UUID.test(v);

function contentOf(body: UpdateRequest) {
  return {
    visibility: body.visibility,
    titleEn: body.title_en,
    bodyEn: body.body_en,
    htmlEn: renderMarkdown(body.body_en),
    titleIt: body.title_it,
    bodyIt: body.body_it,
    htmlIt: renderMarkdown(body.body_it),
  };
}

async function studioCampaign(ctx: AppContext, slug: string, caller: Caller): Promise<Found> {
  const found = await findPublicCampaign(ctx.db, slug);
  if (!isStudio(found, caller)) throw new AppError('updateNotAllowed', 403);
  return found;
}

/** Posts an update and notifies its readers, all in one transaction. */
export async function postUpdate(
  ctx: AppContext,
  slug: string,
  caller: Caller,
  body: UpdateRequest,
  lang: Language,
): Promise<UpdateDto> {
  const found = await studioCampaign(ctx, slug, caller);
  await ctx.limiter.consume(POSTS_PER_ACCOUNT, caller.id);
  await ctx.limiter.consume(POSTS_PER_DAY, caller.id);
  const campaign = found.campaign;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertUpdate(tx, {
      campaignId: campaign.id,
      authorId: caller.id,
      ...contentOf(body),
    });
    await notify(tx, ctx.config.publicUrl, {
      type: 'campaign_update',
      campaign: { id: campaign.id, title: campaign.title, slug: campaign.slug ?? campaign.id },
      subjectId: inserted.id,
      // The title in the languages it was written in: the reader's own is picked when shown.
      data: {
        update_title: inserted.titleEn || inserted.titleIt,
        update_title_it: inserted.titleIt || inserted.titleEn,
      },
      audience: {
        campaignId: campaign.id,
        investors: true,
        followers: body.visibility === 'public',
        except: caller.id,
      },
    });
    return inserted;
  });
  ctx.mail.nudge();
  return toDto(row, lang);
}

/** Edits an update (it shows as edited); no one is notified again. */
export async function editUpdate(
  ctx: AppContext,
  slug: string,
  id: string,
  caller: Caller,
  body: UpdateRequest,
  lang: Language,
): Promise<UpdateDto> {
  const found = await studioCampaign(ctx, slug, caller);
  await ctx.limiter.consume(POSTS_PER_ACCOUNT, caller.id);
  const existing = isUuid(id) ? await repo.findUpdate(ctx.db, found.campaign.id, id) : undefined;
  if (!existing) throw new AppError('updateNotFound', 404);
  const row = await repo.editUpdate(ctx.db, existing.id, contentOf(body));
  return toDto(row, lang);
}

/** An image for an update's body, through the upload pipeline: re-encoded WebP under a random name. */
export async function uploadUpdateImage(ctx: AppContext, slug: string, caller: Caller, data: Buffer) {
  await studioCampaign(ctx, slug, caller);
  await ctx.limiter.consume(IMAGES_PER_ACCOUNT, caller.id);
  const encoded = await reencodeImage(data, { width: 1600, height: 1600, quality: 82, fit: 'inside' });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await ctx.storage.put(`updates/${name}`, encoded);
  return { url: `/api/media/updates/${name}` };
}

export const readUpdateImage = (ctx: AppContext, file: string) => ctx.storage.get(`updates/${file}`);

export async function setFollow(ctx: AppContext, slug: string, caller: Caller, following: boolean) {
  const found = await findPublicCampaign(ctx.db, slug);
  await ctx.limiter.consume(FOLLOWS_PER_ACCOUNT, caller.id);
  if (following) await repo.follow(ctx.db, found.campaign.id, caller.id);
  else await repo.unfollow(ctx.db, found.campaign.id, caller.id);
  return { following };
}

export async function followState(ctx: AppContext, slug: string, caller: Caller) {
  const found = await findPublicCampaign(ctx.db, slug);
  return { following: await repo.isFollowing(ctx.db, found.campaign.id, caller.id) };
}

export { eraseOf as eraseFollowsAndAuthorship } from './repo.ts';
