import { TOTP_PERIOD_SECONDS } from '@indiesplit/shared/mfa';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import type { TestClient } from '../../test/harness.ts';

/** The authenticator code for `secret`, `steps` periods from now (an app's clock may run ahead). */
export function totpCode(secret: string, steps = 0): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000,
  });
}

/**
 * Turns on an authenticator app through the API, as a person would (set-up, then password and a
 * code); the client's session counts as having proved it. Returns the secret and recovery codes.
 */
export async function enableAuthenticator(client: TestClient, password: string) {
  const setup = await client.post('/api/mfa/totp/setup');
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().secret as string;
  const res = await client.post('/api/mfa/totp/enable', { password, code: totpCode(secret) });
  if (res.statusCode !== 200) throw new Error(`totp enable failed: ${res.statusCode} ${res.body}`);
  return { secret, recoveryCodes: res.json().recovery_codes as string[] };
}

/**
 * For fixtures that make staff straight in the database: every current session of the account
 * counts as having proved a second factor, as it would after signing in with one.
 */
export async function markSecondFactorProven(db: Db, userId: string) {
  await db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.userId, userId));
}
