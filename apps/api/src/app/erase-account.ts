import { deleteTokensOf } from '../features/auth/tokens.ts';
import { eraseCommunityPostsOf, eraseStudioProfileOf } from '../features/community/erasure.ts';
import { assertHoldsNoMoney } from '../features/funds/holdings.ts';
import {
  deleteEvidenceFiles,
  eraseInvestorDataOf,
} from '../features/investing/commands/erase-investor-evidence.ts';
import { forgetSecondFactors } from '../features/mfa/service.ts';
import { eraseNotificationsOf } from '../features/notifications/service.ts';
import { deleteSocialIdentities, eraseSocialDetails } from '../features/oauth/erasure.ts';
import { deletePitchFiles, erasePitchDataOf } from '../features/pitches/service.ts';
import { forgetReviewAssignments } from '../features/review/service.ts';
import { forgetSensitiveChanges } from '../features/security/changes.ts';
import { eraseFollowsAndAuthorship } from '../features/updates/service.ts';
import { accountDeletedEmail } from '../features/users/emails.ts';
import * as users from '../features/users/service.ts';
import { recordEvent } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { asLanguage } from '../platform/i18n.ts';
import { enqueueMail } from '../platform/mailer.ts';

// Account erasure (ADR 0004) spans the features that hold something of a person. It is
// orchestrated here, in the app layer (ADR 0023): each feature erases its own part, all in one
// transaction, so no feature reaches into the others and the users feature depends on none of them.

/**
 * "Delete all personal data": the profile's contents, the avatar, subscriptions, every email we
 * hold for the person and the IP addresses we logged. The account itself (login name, address,
 * password) stays until the person deletes it, which the web app does right after.
 */
export async function erasePersonalData(ctx: AppContext, userId: string): Promise<void> {
  const user = await users.getUser(ctx, userId);
  let pitchFiles: string[] = [];
  let evidenceFiles: string[] = [];
  let studioLogo: string | null = null;
  await ctx.db.transaction(async (tx) => {
    // Money held for the member needs who they are to be paid out (ADR 0013): refused until then.
    await assertHoldsNoMoney(tx, userId);
    await users.eraseProfile(tx, user);
    pitchFiles = await erasePitchDataOf(ctx, tx, user, { closingAccount: false });
    evidenceFiles = await eraseInvestorDataOf(tx, userId);
    // The provider's email and name go; the identity stays, or a social-only member could not log
    // in again to finish the deletion (ADR 0007).
    await eraseSocialDetails(tx, userId);
    await forgetSensitiveChanges(tx, userId);
    // Notifications, preferences and follows are the member's own (ADR 0037).
    await eraseNotificationsOf(tx, userId);
    await eraseFollowsAndAuthorship(tx, userId);
    // What the member wrote on campaign pages and their studio profile go with the rest (ADR 0038).
    await eraseCommunityPostsOf(tx, userId);
    studioLogo = await eraseStudioProfileOf(tx, userId);
    await recordEvent(tx, { userId, kind: 'personal_data_erased' });
  });
  await users.deleteAvatarFile(ctx, user);
  await deletePitchFiles(ctx, pitchFiles);
  await deleteEvidenceFiles(ctx, evidenceFiles);
  if (studioLogo) await ctx.storage.delete(studioLogo).catch(() => {});
}

/**
 * Deletes the account: personal data erased as above, then the row becomes a tombstone whose
 * username and email are random and unusable. Records the law makes us keep (the audit trail now,
 * investments and payouts later) keep their foreign key to that tombstone: pseudonymised, not
 * pointing at a person.
 */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  const user = await users.getUser(ctx, userId);
  let pitchFiles: string[] = [];
  let evidenceFiles: string[] = [];
  let studioLogo: string | null = null;
  await ctx.db.transaction(async (tx) => {
    await assertHoldsNoMoney(tx, userId);
    await users.erasePersonalTraces(tx, user);
    pitchFiles = await erasePitchDataOf(ctx, tx, user, { closingAccount: true });
    evidenceFiles = await eraseInvestorDataOf(tx, userId);
    await forgetReviewAssignments(tx, userId);
    await deleteTokensOf(tx, userId);
    await deleteSocialIdentities(tx, userId);
    await forgetSensitiveChanges(tx, userId);
    await forgetSecondFactors(tx, userId);
    // Notifications, preferences and follows go; updates posted for a studio stay, authorless.
    await eraseNotificationsOf(tx, userId);
    await eraseFollowsAndAuthorship(tx, userId);
    await eraseCommunityPostsOf(tx, userId);
    studioLogo = await eraseStudioProfileOf(tx, userId);
    await ctx.sessions.destroyAllForUser(tx, userId);
    await users.tombstoneAccount(tx, userId);
    await recordEvent(tx, { userId, kind: 'account_deleted' });
    // Told at the address the account had, in the same transaction: sent if and only if deleted.
    await enqueueMail(tx, accountDeletedEmail(asLanguage(user.language), user.email, user.username));
  });
  await users.deleteAvatarFile(ctx, user);
  await deletePitchFiles(ctx, pitchFiles);
  await deleteEvidenceFiles(ctx, evidenceFiles);
  if (studioLogo) await ctx.storage.delete(studioLogo).catch(() => {});
}
