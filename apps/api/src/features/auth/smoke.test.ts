import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('smoke', () => {
  it('registers and reports the session', async () => {
    const { client, payload } = await registerUser(t);
    const me = await client.get('/api/auth/authenticated/');
    expect(me.json()).toMatchObject({
      isAuthenticated: true,
      username: payload.username,
      isEmailVerified: false,
    });
    const mail = await t.mailbox(payload.email);
    expect(mail[0]?.subject).toBe('Confirm your email address');
  });
});
