import type { Db } from '../../db/client.ts';
import { deleteAllOf, deleteIdentitySubject, eraseIdentityDetails } from './repo.ts';

// What the users feature calls when a person erases their data or deletes the account (ADR 0004,
// 0007). A module of its own, so the users service depends on these two calls and not on the
// sign-in rules, which themselves depend on the users service.

/** "Delete all personal data": the provider's email and name go, the sign-in itself stays. */
export function eraseSocialDetails(tx: Db, userId: string): Promise<void> {
  return eraseIdentityDetails(tx, userId);
}

/** Account deletion: no identity may lead to the tombstone any more. */
export function deleteSocialIdentities(tx: Db, userId: string): Promise<void> {
  return deleteAllOf(tx, userId);
}

/** Undoing a link (ADR 0015): that identity goes, if still linked; answers how many remain. */
export function removeLinkedIdentity(
  tx: Db,
  userId: string,
  provider: string,
  subject: string,
): Promise<number> {
  return deleteIdentitySubject(tx, userId, provider, subject);
}
