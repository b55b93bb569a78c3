import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerStudioKyb, providerStudios, studioKyb } from '../../db/schema-kyb.ts';

// Queries of the studios at the payment provider (ADR 0036); the rules are in provider-studio.ts.

export type ProviderStudioRow = typeof providerStudios.$inferSelect;
export type SendRow = typeof providerStudioKyb.$inferSelect;
type SendValues = Partial<Omit<typeof providerStudioKyb.$inferInsert, 'kybId' | 'userId' | 'createdAt'>>;

export const findStudio = async (db: Db, userId: string): Promise<ProviderStudioRow | undefined> =>
  (await db.select().from(providerStudios).where(eq(providerStudios.userId, userId)))[0];

/** Records the studio's legal user; a second writer of the same user finds the row there. */
export async function insertStudio(
  db: Db,
  userId: string,
  providerUserId: string,
): Promise<ProviderStudioRow> {
  await db.insert(providerStudios).values({ userId, providerUserId }).onConflictDoNothing();
  const row = await findStudio(db, userId);
  if (!row) throw new Error('provider studio insert failed');
  return row;
}

export const updateStudio = (
  db: Db,
  userId: string,
  values: Partial<Pick<ProviderStudioRow, 'walletId' | 'recipientId' | 'iban'>>,
) =>
  db
    .update(providerStudios)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(providerStudios.userId, userId));

/**
 * Records a new recipient for the account the studio has now: only while `iban` is still the
 * studio's, so a confirmation racing a renewal sent with another IBAN does not put the old account
 * back. False when the IBAN had changed.
 */
export async function setRecipient(
  db: Db,
  userId: string,
  iban: string,
  recipientId: string,
): Promise<boolean> {
  const rows = await db
    .update(providerStudios)
    .set({ recipientId, updatedAt: new Date() })
    .where(and(eq(providerStudios.userId, userId), eq(providerStudios.iban, iban)))
    .returning({ userId: providerStudios.userId });
  return rows.length > 0;
}

export const insertSend = (tx: Db, kybId: string, userId: string) =>
  tx.insert(providerStudioKyb).values({ kybId, userId });

export const findSend = async (db: Db, kybId: string): Promise<SendRow | undefined> =>
  (await db.select().from(providerStudioKyb).where(eq(providerStudioKyb.kybId, kybId)))[0];

export const findSendByDocument = async (db: Db, documentId: string): Promise<SendRow | undefined> =>
  (await db.select().from(providerStudioKyb).where(eq(providerStudioKyb.documentId, documentId)))[0];

export const findSendByDeclaration = async (db: Db, declarationId: string): Promise<SendRow | undefined> =>
  (await db.select().from(providerStudioKyb).where(eq(providerStudioKyb.declarationId, declarationId)))[0];

export const updateSend = (db: Db, kybId: string, values: SendValues) =>
  db
    .update(providerStudioKyb)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(providerStudioKyb.kybId, kybId));

/**
 * A status the sender read: written only over none or CREATED, so a verdict an event applied in
 * the meantime is never put back to an earlier status.
 */
export const markSent = (db: Db, kybId: string, what: 'document' | 'declaration', status: string) => {
  const column = what === 'document' ? providerStudioKyb.documentStatus : providerStudioKyb.declarationStatus;
  return db
    .update(providerStudioKyb)
    .set({ [what === 'document' ? 'documentStatus' : 'declarationStatus']: status, updatedAt: new Date() })
    .where(and(eq(providerStudioKyb.kybId, kybId), or(isNull(column), eq(column, 'CREATED'))));
};

/** Takes the submission for one sender until `until`; undefined when sent, or another sender has it. */
export async function claimSend(db: Db, kybId: string, until: Date, now: Date): Promise<SendRow | undefined> {
  const [row] = await db
    .update(providerStudioKyb)
    .set({ claimedUntil: until, attempts: sql`${providerStudioKyb.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(providerStudioKyb.kybId, kybId),
        isNull(providerStudioKyb.sentAt),
        or(isNull(providerStudioKyb.claimedUntil), lt(providerStudioKyb.claimedUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** Submissions not yet wholly sent, still waiting or approved (a refused one needs nothing more). */
export async function unsent(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ kybId: providerStudioKyb.kybId })
    .from(providerStudioKyb)
    .innerJoin(studioKyb, eq(studioKyb.id, providerStudioKyb.kybId))
    .where(
      and(
        isNull(providerStudioKyb.sentAt),
        inArray(studioKyb.decision, ['submitted', 'approved']),
        or(isNull(providerStudioKyb.claimedUntil), lt(providerStudioKyb.claimedUntil, now)),
      ),
    )
    .orderBy(asc(providerStudioKyb.createdAt))
    .limit(limit);
  return rows.map((r) => r.kybId);
}
