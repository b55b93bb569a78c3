import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/**
 * Account erasure (ADR 0004, ADR 0904): the member's questions, comments and replies are deleted
 * (replies others wrote under the member's questions go with them: a thread without its question
 * means nothing), and so are the member's reports. Run by the app's erasure, in its transaction.
 */
export async function eraseCommunityPostsOf(db: Db, userId: string): Promise<void> {
  await repo.deletePostsOf(db, userId);
}
