import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studioProfiles } from '../../db/schema-community.ts';
import * as repo from './repo.ts';

/**
 * Account erasure (ADR 0004, ADR 0038): the member's questions, comments and replies are deleted
 * (replies others wrote under the member's questions go with them: a thread without its question
 * means nothing), and so are the member's reports. Run by the app's erasure, in its transaction.
 */
export async function eraseCommunityPostsOf(db: Db, userId: string): Promise<void> {
  await repo.deletePostsOf(db, userId);
}

/**
 * Account erasure: the studio profile goes (bio, links, logo); returns the logo's storage key, for
 * the caller to delete once the transaction committed.
 */
export async function eraseStudioProfileOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .delete(studioProfiles)
    .where(eq(studioProfiles.userId, userId))
    .returning({ logoKey: studioProfiles.logoKey });
  return row?.logoKey ?? null;
}
