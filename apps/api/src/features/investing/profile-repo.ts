import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { investorProfiles, sophisticatedEvidence } from '../../db/schema-investing.ts';

// Queries of the investor profiles, the sophisticated-investor requests' evidence, the approvals'
// expiry and the tax residence (ADR 0033). Kept apart from repo.ts, whose statements serve the
// invest hot path.

export type ProfileRow = typeof investorProfiles.$inferSelect;
export type EvidenceRow = typeof sophisticatedEvidence.$inferSelect;
export type NewEvidence = typeof sophisticatedEvidence.$inferInsert;

/** What the invest rules need of the profile beyond the hot path's read: one primary-key lookup. */
export async function readStanding(db: Db, userId: string) {
  const [row] = await db
    .select({
      investorClass: investorProfiles.investorClass,
      validUntil: investorProfiles.sophisticatedValidUntil,
      taxCountry: investorProfiles.taxResidenceCountry,
    })
    .from(investorProfiles)
    .where(eq(investorProfiles.userId, sql.placeholder('userId')))
    .prepare('investing_standing')
    .execute({ userId });
  return row;
}

export async function insertEvidence(db: Db, rows: NewEvidence[]) {
  if (rows.length > 0) await db.insert(sophisticatedEvidence).values(rows);
}

/** The files that came with the request made at `requestedAt`. */
export async function evidenceOf(db: Db, userId: string, requestedAt: Date | null): Promise<EvidenceRow[]> {
  if (!requestedAt) return [];
  return db
    .select()
    .from(sophisticatedEvidence)
    .where(and(eq(sophisticatedEvidence.userId, userId), eq(sophisticatedEvidence.requestedAt, requestedAt)))
    .orderBy(asc(sophisticatedEvidence.fileName), asc(sophisticatedEvidence.id));
}

export async function findEvidence(db: Db, id: string): Promise<EvidenceRow | undefined> {
  const [row] = await db.select().from(sophisticatedEvidence).where(eq(sophisticatedEvidence.id, id));
  return row;
}

/** Who gets an email about their status: the account's address and language. */
export async function recipientOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      username: users.username,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Approvals ending within the reminder window, not reminded yet (oldest end first). */
export async function dueForReminder(db: Db, remindBefore: Date, now: Date, limit: number) {
  return db
    .select({ userId: investorProfiles.userId, validUntil: investorProfiles.sophisticatedValidUntil })
    .from(investorProfiles)
    .where(
      and(
        eq(investorProfiles.sophisticatedRequest, 'approved'),
        isNull(investorProfiles.sophisticatedRemindedAt),
        lte(investorProfiles.sophisticatedValidUntil, remindBefore),
        gt(investorProfiles.sophisticatedValidUntil, now),
      ),
    )
    .orderBy(asc(investorProfiles.sophisticatedValidUntil))
    .limit(limit);
}

/** Approvals that have ended (a renewal being decided included). */
export async function dueForExpiry(db: Db, now: Date, limit: number) {
  return db
    .select({ userId: investorProfiles.userId })
    .from(investorProfiles)
    .where(
      and(
        eq(investorProfiles.investorClass, 'sophisticated'),
        lte(investorProfiles.sophisticatedValidUntil, now),
      ),
    )
    .orderBy(asc(investorProfiles.sophisticatedValidUntil))
    .limit(limit);
}

/**
 * Marks the reminder of the approval ending at `validUntil` as sent; false when another round did
 * it first (or the approval changed), so the email is queued exactly once.
 */
export async function markReminded(db: Db, userId: string, validUntil: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(investorProfiles)
    .set({ sophisticatedRemindedAt: now, updatedAt: sql`now()` })
    .where(
      and(
        eq(investorProfiles.userId, userId),
        eq(investorProfiles.sophisticatedRequest, 'approved'),
        eq(investorProfiles.sophisticatedValidUntil, validUntil),
        isNull(investorProfiles.sophisticatedRemindedAt),
      ),
    )
    .returning({ userId: investorProfiles.userId });
  return rows.length === 1;
}

/**
 * Ends an approval that has run out: its end, or null when it was not (or no longer) due. A renewal
 * being decided stays waiting for the admin; the investor is non-sophisticated meanwhile.
 */
export async function expire(db: Db, userId: string, now: Date): Promise<Date | null> {
  const rows = await db
    .update(investorProfiles)
    .set({
      sophisticatedRequest: sql`case when ${investorProfiles.sophisticatedRequest} = 'approved' then 'expired' else ${investorProfiles.sophisticatedRequest} end`,
      investorClass: 'non_sophisticated',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(investorProfiles.userId, userId),
        eq(investorProfiles.investorClass, 'sophisticated'),
        lte(investorProfiles.sophisticatedValidUntil, now),
      ),
    )
    .returning({ validUntil: investorProfiles.sophisticatedValidUntil });
  return rows[0]?.validUntil ?? null;
}

/** Erasure: the member's evidence rows and tax number; the storage keys of the files. */
export async function eraseEvidenceAndTaxId(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .delete(sophisticatedEvidence)
    .where(eq(sophisticatedEvidence.userId, userId))
    .returning({ key: sophisticatedEvidence.storageKey });
  await db
    .update(investorProfiles)
    .set({ taxId: null, updatedAt: sql`now()` })
    .where(eq(investorProfiles.userId, userId));
  return rows.map((r) => r.key);
}

export async function findProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: investorProfiles, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Creates the profile with `values`, or updates the existing one. */
export async function upsertProfile(
  db: Db,
  userId: string,
  values: Partial<typeof investorProfiles.$inferInsert>,
): Promise<void> {
  const now = new Date();
  await db
    .insert(investorProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: investorProfiles.userId, set: { ...values, updatedAt: now } });
}

export async function lockProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(investorProfiles)
    .where(eq(investorProfiles.userId, userId))
    .for('update');
  return row;
}

export async function listInvestors(db: Db, status: string | undefined) {
  return db
    .select({ profile: investorProfiles, username: users.username, email: users.email })
    .from(investorProfiles)
    .innerJoin(users, eq(users.id, investorProfiles.userId))
    .where(status ? eq(investorProfiles.sophisticatedRequest, status) : undefined)
    .orderBy(desc(investorProfiles.sophisticatedRequestedAt), desc(investorProfiles.updatedAt))
    .limit(500);
}

export async function investorRow(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: investorProfiles, username: users.username, email: users.email })
    .from(investorProfiles)
    .innerJoin(users, eq(users.id, investorProfiles.userId))
    .where(eq(investorProfiles.userId, userId));
  return row;
}
