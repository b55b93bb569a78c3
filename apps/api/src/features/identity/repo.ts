import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type IdentityStatus, memberIdentities } from '../../db/schema-payments.ts';

export type IdentityRow = typeof memberIdentities.$inferSelect;

export async function findIdentity(db: Db, userId: string): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(memberIdentities).where(eq(memberIdentities.userId, userId));
  return row;
}

export async function findIdentityByProviderUser(
  db: Db,
  providerUserId: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(memberIdentities)
    .where(eq(memberIdentities.providerUserId, providerUserId));
  return row;
}

/** The row of a member, made on first use, locked for the caller's transaction. */
export async function lockIdentity(db: Db, userId: string): Promise<IdentityRow> {
  await db.insert(memberIdentities).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(memberIdentities)
    .where(eq(memberIdentities.userId, userId))
    .for('update');
  if (!row) throw new Error('identity row vanished');
  return row;
}

export async function updateIdentity(
  db: Db,
  userId: string,
  patch: Partial<{
    providerUserId: string;
    status: IdentityStatus;
    sessionId: string | null;
    attempts: number;
    reason: string | null;
    verifiedAt: Date | null;
  }>,
): Promise<void> {
  await db
    .update(memberIdentities)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(memberIdentities.userId, userId));
}
