import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Db } from './client.ts';
import { users } from './schema.ts';

export interface DemoAccount {
  username: string;
  email: string;
  password: string;
}

/** Demo accounts for trying the platform locally. Never seeded in production. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'demo_investor', email: 'investor@demo.indiesplit.example', password: 'Demo-Investor-2025' },
  { username: 'demo_developer', email: 'developer@demo.indiesplit.example', password: 'Demo-Developer-2025' },
];

/** Idempotent: run at every start; an existing demo account is left as it is. */
export async function seed(db: Db, config: Config): Promise<DemoAccount[]> {
  if (config.isProduction) return [];
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${account.username}`);
    if (existing) continue;
    await db
      .insert(users)
      .values({
        username: account.username,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        firstName: 'Demo',
        lastName: i === 0 ? 'Investor' : 'Developer',
        userTypes: i === 0 ? ['investor', 'gamer'] : ['developer'],
        emailVerifiedAt: new Date(),
        termsAcceptedAt: new Date(),
      })
      .onConflictDoNothing();
  }
  return DEMO_ACCOUNTS;
}
