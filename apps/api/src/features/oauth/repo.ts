import type { OAuthProvider } from '@indiesplit/shared/oauth';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthFlows, oauthIdentities, oauthReferences } from '../../db/schema-oauth.ts';

export type IdentityRow = typeof oauthIdentities.$inferSelect;
export type FlowRow = typeof oauthFlows.$inferSelect;
export type ReferenceRow = typeof oauthReferences.$inferSelect;

export async function findIdentity(
  db: Db,
  provider: OAuthProvider,
  subject: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)));
  return row;
}

export function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  return db
    .select()
    .from(oauthIdentities)
    .where(eq(oauthIdentities.userId, userId))
    .orderBy(asc(oauthIdentities.createdAt));
}

export async function insertIdentity(
  db: Db,
  values: {
    userId: string;
    provider: OAuthProvider;
    subject: string;
    email: string | null;
    displayName: string | null;
  },
): Promise<IdentityRow> {
  const [row] = await db.insert(oauthIdentities).values(values).returning();
  return row!;
}

export async function touchIdentity(
  db: Db,
  id: string,
  values: { email: string | null; displayName: string | null },
): Promise<void> {
  const now = new Date();
  await db
    .update(oauthIdentities)
    .set({ ...values, lastLoginAt: now, updatedAt: now })
    .where(eq(oauthIdentities.id, id));
}

export async function deleteIdentity(db: Db, userId: string, provider: OAuthProvider): Promise<boolean> {
  const rows = await db
    .delete(oauthIdentities)
    .where(and(eq(oauthIdentities.userId, userId), eq(oauthIdentities.provider, provider)))
    .returning({ id: oauthIdentities.id });
  return rows.length === 1;
}

export async function insertFlow(db: Db, values: typeof oauthFlows.$inferInsert): Promise<void> {
  await db.insert(oauthFlows).values(values);
}

/** Takes a flow out of the table: a state is good for one callback, however many arrive. */
export async function takeFlow(db: Db, stateHash: string): Promise<FlowRow | undefined> {
  const [row] = await db.delete(oauthFlows).where(eq(oauthFlows.stateHash, stateHash)).returning();
  return row;
}

export async function insertReference(db: Db, values: typeof oauthReferences.$inferInsert): Promise<void> {
  await db.insert(oauthReferences).values(values);
}

/** An unused, unexpired reference. */
export async function findReference(db: Db, refHash: string): Promise<ReferenceRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthReferences)
    .where(
      and(
        eq(oauthReferences.refHash, refHash),
        isNull(oauthReferences.usedAt),
        gt(oauthReferences.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Marks a reference used; false when a concurrent request used it first. */
export async function useReference(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(oauthReferences)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthReferences.id, id), isNull(oauthReferences.usedAt)))
    .returning({ id: oauthReferences.id });
  return rows.length === 1;
}

/** Expired flows and references: nothing in them is needed once they can no longer be used. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, sql`now()`));
  await db.delete(oauthReferences).where(lt(oauthReferences.expiresAt, sql`now()`));
}

/** Erasure: the provider's email and name go; the identity stays so the person can still log in. */
export async function eraseIdentityDetails(db: Db, userId: string): Promise<void> {
  await db
    .update(oauthIdentities)
    .set({ email: null, displayName: null, updatedAt: new Date() })
    .where(eq(oauthIdentities.userId, userId));
  await db.delete(oauthReferences).where(eq(oauthReferences.userId, userId));
  await db.delete(oauthFlows).where(eq(oauthFlows.userId, userId));
}

/** Account deletion: every identity, flow and reference of the account. */
export async function deleteAllOf(db: Db, userId: string): Promise<void> {
  await db.delete(oauthIdentities).where(eq(oauthIdentities.userId, userId));
  await db.delete(oauthReferences).where(eq(oauthReferences.userId, userId));
  await db.delete(oauthFlows).where(eq(oauthFlows.userId, userId));
}

/** Deletes one identity of a user by provider and subject; answers how many identities remain. */
export async function deleteIdentitySubject(
  db: Db,
  userId: string,
  provider: string,
  subject: string,
): Promise<number> {
  await db
    .delete(oauthIdentities)
    .where(
      and(
        eq(oauthIdentities.userId, userId),
        eq(oauthIdentities.provider, provider),
        eq(oauthIdentities.subject, subject),
      ),
    );
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oauthIdentities)
    .where(eq(oauthIdentities.userId, userId));
  return row?.n ?? 0;
}
