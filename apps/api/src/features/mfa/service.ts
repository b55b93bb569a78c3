import type { MfaMethod, MfaStatus, SecondFactorProof } from '@indiesplit/shared/mfa';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Session } from '../../platform/sessions.ts';
import * as repo from './repo.ts';
import { seal } from './secret-box.ts';
import { verifyProof } from './verify-proof.ts';

// Second factors (ADR 0016). An account has a second factor once it has an enabled authenticator
// app or at least one passkey; recovery codes stand in for either when a device is lost.
// Setting them up and removing them: commands/; the login's second step: login.ts.

/**
 * Demo data only: gives a demo staff account an authenticator app with a known secret, unless it
 * already has one (the seed runs at every development start).
 */
export async function ensureDemoAuthenticator(
  db: Db,
  config: { sessionSecret: string },
  userId: string,
  secretBase32: string,
) {
  await repo.insertEnabledTotp(db, userId, seal(config.sessionSecret, userId, secretBase32));
}

/** Account deletion: the authenticator secret, recovery codes, passkeys and pending logins go. */
export async function forgetSecondFactors(tx: Db, userId: string) {
  await repo.deleteAllOf(tx, userId);
}

// ---- status --------------------------------------------------------------------------------------

export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const f = await repo.factorsOf(db, userId);
  return f.totp || f.passkeys > 0;
}

export async function methodsOf(db: Db, userId: string): Promise<MfaMethod[]> {
  const f = await repo.factorsOf(db, userId);
  const methods: MfaMethod[] = [];
  if (f.totp) methods.push('totp');
  if (f.passkeys > 0) methods.push('passkey');
  if (methods.length > 0) methods.push('recovery_code');
  return methods;
}

export async function status(ctx: AppContext, session: Session): Promise<MfaStatus> {
  const userId = session.user.id;
  const [f, left, keys] = [
    await repo.factorsOf(ctx.db, userId),
    await repo.recoveryCodesLeft(ctx.db, userId),
    await repo.passkeysOf(ctx.db, userId),
  ];
  return {
    totp_enabled: f.totp,
    recovery_codes_left: left,
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
    })),
    enabled: f.totp || keys.length > 0,
    session_verified: session.secondFactorAt !== null,
  };
}

/**
 * For an action that must be confirmed again (a withdrawal): nothing when the account has no second
 * factor; otherwise a valid proof or a translated 403.
 */
export async function requireSecondFactorFor(
  ctx: AppContext,
  userId: string,
  proof: SecondFactorProof | undefined,
): Promise<void> {
  if (!(await hasSecondFactor(ctx.db, userId))) return;
  if (!proof) throw forbidden('mfaSecondFactorRequired');
  await verifyProof(ctx, userId, proof, 'confirm');
}
