import {
  decodeFeedCursor,
  encodeFeedCursor,
  type FeedItemDto,
  type FeedItemKind,
  type FeedResponse,
} from '@indiesplit/shared/feed';
import type { Language } from '@indiesplit/shared/languages';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { type FeedRow, feedPage } from './repo.ts';

// The member's feed (ADR 0040): a read-only view over what other features wrote. Openings of any
// public campaign and published news for everyone; updates and milestones of the campaigns the
// member follows or backs. Nothing in it names another member or shows their money.

/** The title in the reader's language when the text has one, else the other. */
function titled(row: FeedRow, lang: Language): { title: string; language: Language } {
  const en = row.title_en ?? '';
  const it = row.title_it ?? '';
  if (lang === 'it' ? it : !en) return { title: it || en, language: it ? 'it' : 'en' };
  return { title: en, language: 'en' };
}

function toDto(row: FeedRow, lang: Language): FeedItemDto {
  const kind = row.kind as FeedItemKind;
  const campaign = row.slug && row.campaign_title ? { slug: row.slug, title: row.campaign_title } : null;
  const subject = row.subject_id ? titled(row, lang) : null;
  return {
    id: row.key,
    kind,
    at: new Date(row.at).toISOString(),
    campaign,
    update:
      kind === 'campaign_update' && row.subject_id && subject
        ? {
            id: row.subject_id,
            title: subject.title,
            language: subject.language,
            investors_only: row.visibility === 'investors',
          }
        : null,
    news: kind === 'news' && row.subject_id && subject ? { id: row.subject_id, title: subject.title } : null,
  };
}

export async function memberFeed(
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
  lang: Language,
): Promise<FeedResponse> {
  const cursor = query.cursor === undefined ? null : decodeFeedCursor(query.cursor);
  if (query.cursor !== undefined && !cursor)
    throw badRequest('feedCursorInvalid', { cursor: 'feedCursorInvalid' });
  // One more than the page says whether there is a next one.
  const rows = await feedPage(db, userId, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    results: page.map((row) => toDto(row, lang)),
    next_cursor: rows.length > query.limit && last ? encodeFeedCursor({ at: last.at, id: last.key }) : null,
  };
}
