import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { forgetAddressesOf } from '../../platform/audit.ts';
import { eraseMailOf } from '../../platform/mailer.ts';
import { forgetClientDetailsOf } from '../../platform/sessions.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const lower = (value: string) => value.trim().toLowerCase();

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** Login accepts a username or an email, both compared case-insensitively. */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const value = lower(identifier);
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`),
      ),
    )
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.email}) = ${lower(email)}`));
  return row;
}

/** Which of username and email another account already holds (deleted accounts hold neither). */
export async function findTaken(
  db: Db,
  username: string,
  email: string,
  exceptUserId?: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.username}) = ${lower(username)}`, sql`lower(${users.email}) = ${lower(email)}`),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  return {
    username: rows.some((r) => lower(r.username) === lower(username)),
    email: rows.some((r) => lower(r.email) === lower(email)),
  };
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row!;
}

/** Newsletter off, for a live account whose switch is on; true when this call turned it off. */
export async function turnNewsletterOff(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ newsletter: false, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.newsletter, true)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Claims the right to send a verification email: at most one per cooldown, race-free. */
export async function claimVerificationSend(db: Db, id: string, cooldownSeconds: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ verificationSentAt: sql`now()` })
    .where(
      and(
        eq(users.id, id),
        or(
          isNull(users.verificationSentAt),
          sql`${users.verificationSentAt} <= now() - make_interval(secs => ${cooldownSeconds})`,
        ),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Erases what we hold about a person besides the account itself: mail, IP addresses, devices. */
export async function erasePersonalTraces(db: Db, userId: string, email: string): Promise<void> {
  await eraseMailOf(db, userId, email);
  await forgetAddressesOf(db, userId);
  await forgetClientDetailsOf(db, userId);
}

export async function setStaffRole(db: Db, userId: string, role: string | null): Promise<void> {
  await db.update(users).set({ staffRole: role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function ensureSystemAccount(
  db: Db,
  account: { username: string; email: string; firstName: string; lastName: string },
): Promise<string> {
  await db
    .insert(users)
    .values({
      ...account,
      passwordHash: null,
      userTypes: ['investor'],
      emailVerifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${account.username.toLowerCase()}`);
  if (!row) throw new Error(`the account ${account.username} could not be created`);
  return row.id;
}

/** A demo account of the seed (development only), unless one has its username already. */
export async function insertDemoAccount(
  db: Db,
  values: typeof users.$inferInsert,
): Promise<string | undefined> {
  const [created] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return created?.id;
}
