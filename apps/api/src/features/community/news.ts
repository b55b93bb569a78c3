import { randomBytes } from 'node:crypto';
import {
  type BackofficeNewsDto,
  NEWS_PER_PAGE,
  type NewsItemDto,
  type NewsListResponse,
} from '@indiesplit/shared/news';
import type { Staff } from '../../platform/access.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import { renderMarkdown } from '../../platform/markdown.ts';
import * as repo from './news-repo.ts';

// News (ADR 0038): staff write it in the back office, in English and Italian, as a draft; once
// published, members read it at /news. Bodies are Markdown rendered to sanitised HTML on the
// server; the image goes through the upload pipeline (magic bytes, size, pixels, re-encoded WebP).

export const NEWS_IMAGE_PREFIX = 'news/';
const imageUrl = (key: string | null) =>
  key ? `/api/news/media/${key.slice(NEWS_IMAGE_PREFIX.length)}` : null;

const toItem = (row: repo.NewsRow): NewsItemDto => ({
  id: row.id,
  title_en: row.titleEn,
  title_it: row.titleIt,
  html_en: renderMarkdown(row.bodyEn),
  html_it: renderMarkdown(row.bodyIt),
  image_url: imageUrl(row.imageKey),
  published_at: (row.publishedAt ?? row.updatedAt).toISOString(),
});

const toBackoffice = (row: repo.NewsRow): BackofficeNewsDto => ({
  ...toItem(row),
  body_en: row.bodyEn,
  body_it: row.bodyIt,
  status: row.status === 'published' ? 'published' : 'draft',
  published_at: row.publishedAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

/** Published news, newest first; for members only (the route requires a session). */
export async function listNews(ctx: AppContext, page: number): Promise<NewsListResponse> {
  const { rows, total } = await repo.listPublished(ctx.db, NEWS_PER_PAGE, (page - 1) * NEWS_PER_PAGE);
  return { items: rows.map(toItem), page, pages: Math.max(1, Math.ceil(total / NEWS_PER_PAGE)) };
}

export async function getPublishedNews(ctx: AppContext, id: string): Promise<NewsItemDto> {
  const row = await repo.getNews(ctx.db, id);
  if (row?.status !== 'published') throw notFound();
  return toItem(row);
}

export async function listBackofficeNews(ctx: AppContext): Promise<BackofficeNewsDto[]> {
  return (await repo.listAllNews(ctx.db, 200)).map(toBackoffice);
}

export async function getBackofficeNews(ctx: AppContext, id: string): Promise<BackofficeNewsDto> {
  const row = await repo.getNews(ctx.db, id);
  if (!row) throw notFound();
  return toBackoffice(row);
}

interface Draft {
  title_en: string;
  title_it: string;
  body_en: string;
  body_it: string;
}

export async function createNews(ctx: AppContext, staff: Staff, input: Draft): Promise<BackofficeNewsDto> {
  const row = await repo.insertNews(ctx.db, {
    titleEn: input.title_en,
    titleIt: input.title_it,
    bodyEn: input.body_en,
    bodyIt: input.body_it,
    authorId: staff.id,
  });
  return toBackoffice(row);
}

export async function updateNews(ctx: AppContext, id: string, input: Draft): Promise<BackofficeNewsDto> {
  const row = await repo.updateNews(ctx.db, id, {
    titleEn: input.title_en,
    titleIt: input.title_it,
    bodyEn: input.body_en,
    bodyIt: input.body_it,
  });
  if (!row) throw notFound();
  return toBackoffice(row);
}

/** Publishes (dated now the first time) or takes back to draft. */
export async function setNewsPublished(
  ctx: AppContext,
  staff: Staff,
  id: string,
  published: boolean,
): Promise<BackofficeNewsDto> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockNews(tx, id);
    if (!current) throw notFound();
    const updated = await repo.updateNews(tx, id, {
      status: published ? 'published' : 'draft',
      publishedAt: published ? (current.publishedAt ?? new Date()) : current.publishedAt,
    });
    if (published && current.status !== 'published')
      await recordEvent(tx, { userId: staff.id, kind: 'news_published', data: { news_id: id } });
    return updated;
  });
  if (!row) throw notFound();
  return toBackoffice(row);
}

/** Replaces the image (re-encoded, at most 1600x900); the old file goes once the new one is recorded. */
export async function setNewsImage(
  ctx: AppContext,
  id: string,
  data: Buffer | null,
): Promise<BackofficeNewsDto> {
  if (!(await repo.getNews(ctx.db, id))) throw notFound();
  let key: string | null = null;
  if (data) {
    const encoded = await reencodeImage(data, { width: 1600, height: 900, quality: 82 });
    key = `${NEWS_IMAGE_PREFIX}${randomBytes(16).toString('hex')}.webp`;
    await ctx.storage.put(key, encoded);
  }
  let previous: string | null = null;
  let row: repo.NewsRow | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const current = await repo.lockNews(tx, id);
      if (!current) throw notFound();
      previous = current.imageKey;
      return repo.updateNews(tx, id, { imageKey: key });
    });
  } catch (err) {
    if (key) await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  if (previous) await ctx.storage.delete(previous).catch(() => {});
  if (!row) throw notFound();
  return toBackoffice(row);
}

/** An image of published news for a member, or of any news for staff; null when none. */
export async function readNewsImage(ctx: AppContext, file: string, staff: boolean): Promise<Buffer | null> {
  const key = `${NEWS_IMAGE_PREFIX}${file}`;
  const allowed = staff ? await repo.imageOfAnyNews(ctx.db, key) : await repo.publishedImage(ctx.db, key);
  return allowed ? ctx.storage.get(key) : null;
}
