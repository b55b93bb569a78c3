import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/sessions.ts';
import * as repo from './repo.ts';
import { isUuid } from './service.ts';

// A developer's own pitches: those of the account, and those sent from its verified address.

export const verifiedEmailOf = (session: Session) => (session.user.emailVerified ? session.user.email : null);

export async function findMine(db: Db, session: Session, id: string): Promise<repo.PitchRow> {
  const row = isUuid(id)
    ? await repo.findPitchOf(db, id, session.user.id, verifiedEmailOf(session))
    : undefined;
  // Someone else's pitch is "not found", never "forbidden": its existence is not revealed.
  if (!row) throw notFound();
  return row;
}
