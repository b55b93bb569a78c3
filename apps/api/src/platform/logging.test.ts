import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestApp } from '../../test/harness.ts';
import { scrubText, serializeRequest } from './logging.ts';

// The real logger (the app's own options) writing to a buffer, while the database fails under a
// registration: the log must say what failed, never with whose data.

const IBAN = 'IT60X0542811101000000123456';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

let t: TestApp;
const log = new Capture();

beforeAll(async () => {
  t = await createTestApp({ logger: undefined, logStream: log, env: { LOG_LEVEL: 'info' } });
  // Every new account now fails inside the database, as a broken constraint or a lost disk would.
  await t.database.db.execute(sql`
    create function refuse_new_user() returns trigger language plpgsql as $$
    begin raise exception 'forced failure for the logging test'; end $$`);
  await t.database.db.execute(
    sql`create trigger refuse_new_user before insert on users for each row execute function refuse_new_user()`,
  );
});
afterAll(async () => {
  await t.close();
});

describe('the log of a failed registration', () => {
  it('records the failure without the email, the password hash, tokens or cookies', async () => {
    const client = t.client();
    const payload = newUser();
    const res = await client.post('/api/auth/register/', payload);
    expect(res.statusCode).toBe(500);
    const requestId = res.json().request_id as string;
    await client.get('/api/auth/verify-email/3f2c0a1b/SecretVerificationCode42/');

    const lines = log.text.trim().split('\n');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    // The failure is there, with its request id and the database's reason.
    expect(failure).toMatchObject({ reqId: requestId, level: 50 });
    expect(JSON.stringify(failure.err)).toContain('forced failure for the logging test');

    for (const secret of [
      payload.email,
      payload.username,
      payload.password,
      '$argon2',
      'SecretVerificationCode42',
      ...client.cookies.values(),
    ]) {
      expect(log.text).not.toContain(secret);
    }
  });

  it('scrubs an IBAN and a hash from messages and from any field', () => {
    const before = log.text.length;
    t.app.log.warn({ note: `pay ${IBAN} now`, iban: IBAN }, `withdrawal to ${IBAN.toLowerCase()} failed`);
    t.app.log.error({ err: new Error(`user row $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA`) }, 'boom');
    const written = log.text.slice(before);
    expect(written).toContain('withdrawal to');
    expect(written).not.toMatch(/IT60X0542811101000000123456/i);
    expect(written).not.toContain('argon2');
  });

  it('keeps the verification code and query values out of the request line', () => {
    const req = serializeRequest({
      method: 'GET',
      url: '/api/auth/verify-email/0a1b/secret-code-123/?next=x&token=abc',
    });
    expect(req.url).toBe('/api/auth/verify-email/0a1b/[redacted]/?next=&token=');
  });

  it('cuts query parameters out of database error messages', () => {
    expect(scrubText('Failed query: insert into users values ($1, $2)\nparams: ada@example.com,x')).toBe(
      'Failed query: insert into users values ($1, $2)\nparams: [redacted]',
    );
    expect(scrubText('Key (email)=(ada@example.com) already exists.')).toBe(
      'Key (email)=([redacted]) already exists.',
    );
  });
});
