import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  mfaPendingLogins,
  mfaRecoveryCodes,
  mfaTotp,
  passkeys,
  webauthnChallenges,
} from '../../db/schema-mfa.ts';

// ---- authenticator app ---------------------------------------------------------------------------

export async function findTotp(db: Db, userId: string) {
  const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId));
  return row;
}

/** A new, unconfirmed set-up replaces an earlier unconfirmed one; never an enabled one. */
export async function saveTotpSetup(db: Db, userId: string, secretEnc: string): Promise<boolean> {
  const rows = await db
    .insert(mfaTotp)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: mfaTotp.userId,
      set: { secretEnc, lastStep: 0, updatedAt: new Date() },
      setWhere: isNull(mfaTotp.enabledAt),
    })
    .returning({ userId: mfaTotp.userId });
  return rows.length > 0;
}

/**
 * Takes the time step of an accepted code, only if it is later than every step taken before: two
 * requests with one code (or an older code) cannot both pass, whatever their timing.
 */
export async function claimTotpStep(db: Db, userId: string, step: number, enable: boolean): Promise<boolean> {
  const rows = await db
    .update(mfaTotp)
    .set({ lastStep: step, updatedAt: new Date(), ...(enable ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(mfaTotp.userId, userId),
        lt(mfaTotp.lastStep, step),
        enable ? isNull(mfaTotp.enabledAt) : isNotNull(mfaTotp.enabledAt),
      ),
    )
    .returning({ userId: mfaTotp.userId });
  return rows.length > 0;
}

export async function insertEnabledTotp(db: Db, userId: string, secretEnc: string) {
  await db.insert(mfaTotp).values({ userId, secretEnc, enabledAt: new Date() }).onConflictDoNothing();
}

export async function deleteTotp(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(mfaTotp)
    .where(eq(mfaTotp.userId, userId))
    .returning({ userId: mfaTotp.userId });
  return rows.length > 0;
}

// ---- recovery codes ------------------------------------------------------------------------------

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (hashes.length > 0)
    await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

// ---- passkeys ------------------------------------------------------------------------------------

export async function passkeysOf(db: Db, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function findPasskeyByCredential(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

export async function touchPasskey(db: Db, id: string, signCount: number) {
  await db
    .update(passkeys)
    .set({ signCount, lastUsedAt: new Date(), updatedAt: new Date() })
    .where(eq(passkeys.id, id));
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

// ---- what an account has -------------------------------------------------------------------------

export async function factorsOf(db: Db, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${mfaTotp} where ${mfaTotp.userId} = ${userId} and ${mfaTotp.enabledAt} is not null)`,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return { totp: Boolean(row?.totp), passkeys: Number(row?.passkeys ?? 0) };
}

// ---- challenges ----------------------------------------------------------------------------------

export type ChallengePurpose = 'register' | 'signin' | 'second_step' | 'confirm';

export async function insertChallenge(
  db: Db,
  values: { purpose: ChallengePurpose; userId: string | null; challenge: string; expiresAt: Date },
): Promise<string> {
  // Expired challenges go as new ones come: the table stays small without a job of its own.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  const [row] = await db.insert(webauthnChallenges).values(values).returning({ id: webauthnChallenges.id });
  return row!.id;
}

/** Single use: the challenge is deleted as it is read; null when unknown, used or of another kind. */
export async function takeChallenge(db: Db, id: string, purpose: ChallengePurpose, userId: string | null) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning();
  return row;
}

// ---- pending logins ------------------------------------------------------------------------------

export async function insertPending(
  db: Db,
  values: { idHash: string; userId: string; method: string; expiresAt: Date },
) {
  await db.delete(mfaPendingLogins).where(lt(mfaPendingLogins.expiresAt, new Date()));
  await db.insert(mfaPendingLogins).values(values);
}

export async function findPending(db: Db, idHash: string) {
  const [row] = await db
    .select()
    .from(mfaPendingLogins)
    .where(and(eq(mfaPendingLogins.idHash, idHash), gt(mfaPendingLogins.expiresAt, new Date())));
  return row;
}

export async function countPendingFailure(db: Db, idHash: string): Promise<number> {
  const [row] = await db
    .update(mfaPendingLogins)
    .set({ failures: sql`${mfaPendingLogins.failures} + 1` })
    .where(eq(mfaPendingLogins.idHash, idHash))
    .returning({ failures: mfaPendingLogins.failures });
  return row?.failures ?? Number.MAX_SAFE_INTEGER;
}

/** Consumes a pending login: true for the one request that gets it. */
export async function takePending(db: Db, idHash: string): Promise<boolean> {
  const rows = await db
    .delete(mfaPendingLogins)
    .where(eq(mfaPendingLogins.idHash, idHash))
    .returning({ idHash: mfaPendingLogins.idHash });
  return rows.length > 0;
}

export async function deleteAllOf(db: Db, userId: string) {
  await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  await db.delete(mfaPendingLogins).where(eq(mfaPendingLogins.userId, userId));
}
