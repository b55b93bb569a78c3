import { normalizeIdentifier } from '@indiesplit/shared/validation';
import { issuePasswordReset, voidEmailVerifications, voidPasswordResets } from '../features/auth/tokens.ts';
import { cancelRequestedWithdrawalsTo } from '../features/funds/service.ts';
import { forgetSecondFactors } from '../features/mfa/service.ts';
import { removeLinkedIdentity } from '../features/oauth/erasure.ts';
import { registerUndoer, type Undoer } from '../features/security/changes.ts';
import { addsSecondFactor } from '../features/security/emails.ts';
import * as users from '../features/users/service.ts';
import { AppError } from '../platform/errors.ts';

// Undoing a sensitive change (ADR 0015) puts back what other features own: the address (users and
// its email tokens in auth), a linked sign-in (oauth), withdrawals to a new IBAN (funds), a second
// factor (mfa). The security feature finds and claims the change, ends the sessions and records
// the event; the work across features is orchestrated here, in the app layer (ADR 0023).

export const undoChange: Undoer = async (ctx, tx, user, change) => {
  const { undo } = change;
  // The address that received the link, which clicking it just proved.
  const proven = change.previousEmail;
  let lockPassword = false;
  switch (undo.kind) {
    case 'email': {
      if (normalizeIdentifier(user.email) !== normalizeIdentifier(undo.previousEmail)) {
        const taken = await users.findUserByEmail(tx, undo.previousEmail);
        if (taken && taken.id !== user.id) throw new AppError('undoEmailTaken', 409);
        await users.updateUser(tx, user.id, {
          email: undo.previousEmail,
          emailVerifiedAt: new Date(),
        });
        await voidEmailVerifications(tx, user.id);
        await voidPasswordResets(tx, user.id);
      }
      // A password set after the address was taken was chosen by whoever took it.
      lockPassword = user.passwordChangedAt !== null && user.passwordChangedAt > change.createdAt;
      break;
    }
    case 'password':
      lockPassword = true;
      break;
    case 'social_link': {
      const left = await removeLinkedIdentity(tx, user.id, undo.provider, undo.subject);
      // The account must keep a way in: with no password and no other provider, a reset link.
      if (left === 0 && user.passwordHash === null) lockPassword = true;
      break;
    }
    case 'withdrawal_iban':
      await cancelRequestedWithdrawalsTo(tx, user.id, undo.iban);
      break;
    case 'second_factor':
      // A second factor someone added (perhaps an attacker's own authenticator) turns the second
      // factors off; the owner sets them up again. Undoing a removal only signs out everywhere.
      if (addsSecondFactor(undo.change)) await forgetSecondFactors(tx, user.id);
      break;
    case 'social_unlink':
      break;
  }
  if (lockPassword) {
    // Not the old hash back: a hash restored blindly could be one the attacker also knows (the
    // owner's reused password), and the owner may have changed it on purpose since. The account
    // is locked to "reset required" and the link goes to the address that asked for the undo.
    await users.updateUser(tx, user.id, { passwordHash: null, passwordChangedAt: new Date() });
    await voidPasswordResets(tx, user.id);
    await issuePasswordReset(ctx, tx, user, proven);
  }
  return lockPassword;
};

/** Called once by buildApp. */
export function registerUndoChange(): void {
  registerUndoer(undoChange);
}
