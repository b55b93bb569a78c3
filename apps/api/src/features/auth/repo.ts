import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens } from '../../db/schema.ts';

export type TokenPurpose = 'verify_email' | 'reset_password';
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export async function insertToken(
  db: Db,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

export async function findToken(
  db: Db,
  purpose: TokenPurpose,
  tokenHash: string,
): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
  return row;
}

/** Marks a token used; false when another request used it first. */
export async function useToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

/** Voids a user's unused tokens of one purpose (a newer one was issued, or the password changed). */
export async function deleteUnusedTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function deleteAllTokens(db: Db, userId: string): Promise<void> {
  await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
}

/** Tokens used or expired over 7 days ago: nothing can redeem them any more. */
export async function purgeDeadTokens(db: Db): Promise<void> {
  await db
    .delete(emailTokens)
    .where(
      or(
        lt(emailTokens.expiresAt, sql`now() - interval '7 days'`),
        and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, sql`now() - interval '7 days'`)),
      ),
    );
}
