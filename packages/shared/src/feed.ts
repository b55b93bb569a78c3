import { z } from 'zod';

// The member's feed on the home page (ADR 0040): what happened on the platform and on the
// campaigns they follow or back, newest first, a page at a time. Pages are cut by keyset on
// (time, item id), never by offset, so an item arriving between two pages shifts nothing.

export const FEED_ITEM_KINDS = [
  /** A campaign opened to investors (any public campaign in euros). */
  'campaign_opened',
  /** A studio's update on a followed or backed campaign. */
  'campaign_update',
  /** A followed or backed campaign reached its goal. */
  'campaign_funded',
  /** The game of a followed or backed campaign was released. */
  'game_launched',
  /** A followed or backed campaign paid a revenue share to its investors. */
  'payout_made',
  /** News published by the platform. */
  'news',
] as const;
export type FeedItemKind = (typeof FEED_ITEM_KINDS)[number];

export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_MAX = 50;

/** An item's id: its kind's prefix and the id of the row it comes from. */
const ITEM_ID = /^(?:opened|funded|launched|update|payout|news):[0-9a-f-]{1,36}$/;
/** The time of the cursor's item to the microsecond, as the database keeps it. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export interface FeedCursor {
  /** The last item's time, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  at: string;
  /** The last item's id. */
  id: string;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The opaque `cursor` of the page after the item at `at` with id `id`. */
export function encodeFeedCursor(cursor: FeedCursor): string {
  return toBase64Url(`${cursor.at}|${cursor.id}`);
}

/** The cursor's content, or null for anything this server did not make. */
export function decodeFeedCursor(value: string): FeedCursor | null {
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let text: string;
  try {
    text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [at, id, ...rest] = text.split('|');
  if (at === undefined || id === undefined || rest.length > 0) return null;
  if (!CURSOR_TIME.test(at) || !ITEM_ID.test(id) || Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}

export const FeedQuery = z.object({
  /** The `next_cursor` of the page before; absent for the first page. */
  cursor: z
    .string()
    .refine((value) => decodeFeedCursor(value) !== null, 'feedCursorInvalid')
    .optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_SIZE),
});

export const FeedItemDto = z.object({
  /** Unique across kinds (e.g. `update:<uuid>`). */
  id: z.string(),
  kind: z.enum(FEED_ITEM_KINDS),
  at: z.string(),
  /** The campaign it is about (all kinds but news). */
  campaign: z.object({ slug: z.string(), title: z.string() }).nullable(),
  /** The update, for `campaign_update`: its title in the reader's language when written in it. */
  update: z
    .object({
      id: z.string(),
      title: z.string(),
      language: z.enum(['en', 'it']),
      investors_only: z.boolean(),
    })
    .nullable(),
  /** The news item, for `news`. */
  news: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type FeedItemDto = z.infer<typeof FeedItemDto>;

export const FeedResponse = z.object({
  results: z.array(FeedItemDto),
  /** The `cursor` of the next page, or null on the last one. */
  next_cursor: z.string().nullable(),
});
export type FeedResponse = z.infer<typeof FeedResponse>;
