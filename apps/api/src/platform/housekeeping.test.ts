import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { emailTokens, outbox, sessions } from '../db/schema.ts';
import { purgeDeadTokens } from '../features/auth/tokens.ts';
import { purgeExpired } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('housekeeping', () => {
  it('drops expired sessions, long-dead tokens and old delivered mail, and keeps what is live', async () => {
    const db = t.database.db;
    const stale = await registerUser(t);
    const live = await registerUser(t);
    await t.mailbox(); // deliver both verification mails
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, stale.id));
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '8 days'` })
      .where(eq(emailTokens.userId, stale.id));
    await db
      .update(outbox)
      .set({ sentAt: sql`now() - interval '31 days'` })
      .where(eq(outbox.userId, stale.id));

    await purgeExpired(db, [purgeDeadTokens]);

    expect(await db.select().from(sessions).where(eq(sessions.userId, stale.id))).toHaveLength(0);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, stale.id))).toHaveLength(0);
    expect(await db.select().from(outbox).where(eq(outbox.userId, stale.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, live.id))).toHaveLength(1);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, live.id))).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.userId, live.id))).toHaveLength(1);
    // The purged session no longer opens anything; the live one still does.
    expect((await stale.client.get('/api/auth/authenticated/')).json().isAuthenticated).toBe(false);
    expect((await live.client.get('/api/auth/authenticated/')).json().isAuthenticated).toBe(true);
  });
});
