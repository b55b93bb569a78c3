import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.ts';
import { emailTokens } from '../../db/schema.ts';
import { recoveryQueue } from './recovery-queue.ts';

// "Forgot password" must not tell a known address from an unknown one, by its answer or by its
// time. Both answer after the same work: two rate-limit counters and one place in the recovery
// queue. The lookup, the token and the email come after the answer. Shown by holding the queue:
// both answers arrive while nothing has been looked up, and only then does the known address get
// its email.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const resetTokensOf = async (userId: string) =>
  t.database.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset_password')));

describe('POST /api/auth/recover-password/', () => {
  it('answers known and unknown addresses alike, before looking either up', async () => {
    const { id, payload } = await registerUser(t);
    const unknown = `nobody_${randomBytes(4).toString('hex')}@example.com`;
    const queue = recoveryQueue(t.app.ctx);

    // Hold the queue: whatever the request path leaves for later cannot happen yet.
    let release = () => {};
    queue.enqueue(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const known = await t.client().post('/api/auth/recover-password/', { email: payload.email });
      const missing = await t.client().post('/api/auth/recover-password/', { email: unknown });

      expect(known.statusCode).toBe(200);
      expect(missing.statusCode).toBe(known.statusCode);
      expect(missing.json()).toEqual(known.json());
      expect(Object.keys(missing.headers).sort()).toEqual(Object.keys(known.headers).sort());
      // Both went the same way: one place each in the queue, and nothing done for the known one.
      expect(queue.pending).toBe(3);
      expect(await resetTokensOf(id)).toEqual([]);
    } finally {
      release();
    }

    await queue.drain();
    expect(queue.pending).toBe(0);
    expect(await resetTokensOf(id)).toHaveLength(1);
    const mail = await t.mailbox(payload.email);
    expect(mail.filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
    expect(await t.mailbox(unknown)).toEqual([]);
  });

  it('prints the answer times of known and unknown addresses (figures only; the test above is the proof)', async () => {
    const known = await Promise.all([0, 1, 2, 3, 4].map(() => registerUser(t)));
    const time = async (email: string) => {
      const started = performance.now();
      const res = await t.client().post('/api/auth/recover-password/', { email });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      // The work left for later (queued once the answer has left), out of the next measurement.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await recoveryQueue(t.app.ctx).drain();
      return ms;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (const { payload } of known) {
      knownMs.push(await time(payload.email));
      unknownMs.push(await time(`nobody_${randomBytes(4).toString('hex')}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    console.log(
      `recover-password answer, median of ${known.length}: known ${median(knownMs)} ms, unknown ${median(unknownMs)} ms`,
    );
  });
});
