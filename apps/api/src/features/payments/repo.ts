import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { providerAccounts, providerPayins } from '../../db/schema-payments.ts';

export type ProviderAccountRow = typeof providerAccounts.$inferSelect;
export type ProviderPayinRow = typeof providerPayins.$inferSelect;

export async function findAccount(db: Db, userId: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await db.select().from(providerAccounts).where(eq(providerAccounts.userId, userId));
  return row;
}

export async function findAccountByWallet(db: Db, walletId: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await db.select().from(providerAccounts).where(eq(providerAccounts.walletId, walletId));
  return row;
}

export async function insertAccount(db: Db, values: typeof providerAccounts.$inferInsert): Promise<void> {
  await db.insert(providerAccounts).values(values).onConflictDoNothing();
}

/** Claims a pay-in id; false when it was applied already (or is being applied by a racing event). */
export async function claimPayin(db: Db, values: typeof providerPayins.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(providerPayins)
    .values(values)
    .onConflictDoNothing({ target: providerPayins.payinId })
    .returning({ id: providerPayins.payinId });
  return rows.length === 1;
}

export async function setPayinOutcome(
  db: Db,
  payinId: string,
  patch: Partial<Pick<ProviderPayinRow, 'outcome' | 'depositId' | 'refundId' | 'decidedBy' | 'userId'>>,
): Promise<void> {
  await db
    .update(providerPayins)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(providerPayins.payinId, payinId));
}

export async function lockParkedPayin(db: Db, payinId: string): Promise<ProviderPayinRow | undefined> {
  const [row] = await db
    .select()
    .from(providerPayins)
    .where(and(eq(providerPayins.payinId, payinId), eq(providerPayins.outcome, 'suspense')))
    .for('update');
  return row;
}

export async function listParked(db: Db) {
  return db
    .select({
      payinId: providerPayins.payinId,
      amountCents: providerPayins.amountCents,
      payerName: providerPayins.payerName,
      userId: providerPayins.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: providerPayins.createdAt,
    })
    .from(providerPayins)
    .leftJoin(users, eq(users.id, providerPayins.userId))
    .where(eq(providerPayins.outcome, 'suspense'))
    .orderBy(asc(providerPayins.createdAt))
    .limit(500);
}

export async function memberNames(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
