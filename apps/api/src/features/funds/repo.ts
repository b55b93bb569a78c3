import { OPEN_WITHDRAWAL_STATUSES } from '@indiesplit/shared/funds';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { depositReferences, deposits, withdrawals } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';

// Queries of deposits, withdrawals and personal references, nothing else. The rules live in
// service.ts; money itself moves through the ledger's service.

export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

const LIST_LIMIT = 200;

export interface MemberRow {
  id: string;
  username: string;
  email: string;
  language: string;
  deletedAt: Date | null;
  emailVerifiedAt: Date | null;
}

const memberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  language: users.language,
  deletedAt: users.deletedAt,
  emailVerifiedAt: users.emailVerifiedAt,
};

// ---- references --------------------------------------------------------------------------------

export async function findReferenceOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ reference: depositReferences.reference })
    .from(depositReferences)
    .where(eq(depositReferences.userId, userId));
  return row?.reference;
}

/** Inserts the reference unless the member has one or the code is taken (both: nothing happens). */
export async function insertReference(db: Db, userId: string, reference: string): Promise<void> {
  await db.insert(depositReferences).values({ userId, reference }).onConflictDoNothing();
}

export async function findMemberByReference(db: Db, reference: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(depositReferences)
    .innerJoin(users, eq(users.id, depositReferences.userId))
    .where(eq(depositReferences.reference, reference));
  return row;
}

export async function findMember(db: Db, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, userId));
  return row;
}

// ---- deposits ----------------------------------------------------------------------------------

/** Inserts a deposit; undefined when its bank transaction id is already recorded. */
export async function insertDeposit(
  db: Db,
  values: typeof deposits.$inferInsert,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .insert(deposits)
    .values(values)
    .onConflictDoNothing({ target: deposits.bankTransactionId })
    .returning();
  return row;
}

const recorder = alias(users, 'recorder');

export async function listDeposits(db: Db) {
  return db
    .select({
      deposit: deposits,
      member: { id: users.id, username: users.username, email: users.email },
      recordedBy: recorder.username,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(recorder, eq(recorder.id, deposits.recordedBy))
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(LIST_LIMIT);
}

// ---- withdrawals -------------------------------------------------------------------------------

export async function insertWithdrawal(
  db: Db,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const [row] = await db.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  return row;
}

/** The withdrawal, locked for the rest of the transaction (of `userId` when given). */
export async function lockWithdrawal(
  db: Db,
  id: string,
  userId?: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), userId ? eq(withdrawals.userId, userId) : undefined))
    .for('update');
  return row;
}

const isOpen = inArray(withdrawals.status, [...OPEN_WITHDRAWAL_STATUSES]);

/** Moves a request from requested to processing; undefined when it was not requested any more. */
export async function startWithdrawalPayment(
  db: Db,
  id: string,
  adminId: string,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set({ status: 'processing', startedBy: adminId, startedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'requested')))
    .returning();
  return row;
}

/** Closes an open request (requested or processing); undefined when it was not open any more. */
export async function closeWithdrawal(
  db: Db,
  id: string,
  values: Pick<WithdrawalRow, 'status' | 'settleTransferId' | 'decidedBy'> &
    Partial<Pick<WithdrawalRow, 'bankReference' | 'note'>>,
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set({ ...values, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), isOpen))
    .returning();
  return row;
}

/** The member's requests to one IBAN that no admin has started paying, locked. */
export function lockRequestedWithdrawalsTo(db: Db, userId: string, iban: string): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(eq(withdrawals.userId, userId), eq(withdrawals.iban, iban), eq(withdrawals.status, 'requested')),
    )
    .orderBy(withdrawals.id)
    .for('update');
}

/** Whether the member has been paid on this IBAN before. */
export async function hasBeenPaidTo(db: Db, userId: string, iban: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.iban, iban), eq(withdrawals.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

export async function listWithdrawalsOf(db: Db, userId: string): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(LIST_LIMIT);
}

/** Oldest first when filtered by status (a work queue), newest first otherwise. */
const starter = alias(users, 'starter');

export async function listWithdrawals(db: Db, status?: WithdrawalRow['status']) {
  return db
    .select({
      withdrawal: withdrawals,
      member: { id: users.id, username: users.username, email: users.email },
      startedBy: starter.username,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(starter, eq(starter.id, withdrawals.startedBy))
    .where(status ? eq(withdrawals.status, status) : undefined)
    .orderBy(status ? withdrawals.createdAt : desc(withdrawals.createdAt))
    .limit(LIST_LIMIT);
}

// ---- what a member still holds -----------------------------------------------------------------

/** Requests of the member not yet paid, rejected or cancelled (requested or processing). */
export async function countOpenWithdrawals(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), isOpen));
  return row?.n ?? 0;
}

export async function countReservedInvestments(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(investments)
    .where(and(eq(investments.investorId, userId), eq(investments.status, 'reserved')));
  return row?.n ?? 0;
}
