import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { KybSubmission } from '@indiesplit/shared/kyb';
import type { StaffRole } from '@indiesplit/shared/pitches';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ensureDemoStudioVerified } from '../features/kyb/service.ts';
import { ensureDemoAuthenticator } from '../features/mfa/service.ts';
import { ensureFundedShowcase } from '../features/revenue/showcase.ts';
import {
  DEMO_BOT_USERNAME,
  ensureDemoRounds,
  ensureShowcaseCampaigns,
} from '../features/settlement/demo-campaigns.ts';
import * as accounts from '../features/users/service.ts';
import { hashPassword } from '../platform/passwords.ts';
import { createFileStorage } from '../platform/storage.ts';

// Demo data for development starts. It lives outside db/ because it is made through the features
// (authenticators, showcase campaigns, demo rounds), and db/ imports no feature (ADR 0023).

export interface DemoAccount {
  username: string;
  email: string;
  password: string;
  lastName: string;
  userTypes: string[];
  /** Back-office role of the demo staff accounts. */
  staffRole?: StaffRole;
  /**
   * Demo staff have an authenticator app on, as the back office requires (ADR 0016); its secret is
   * public like the password, to add to any authenticator app (or compute codes in tests).
   */
  totpSecret?: string;
}

/** Demo accounts for trying the platform locally. Never seeded in production. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'demo_investor',
    email: 'investor@demo.indiesplit.example',
    password: 'Demo-Investor-2025',
    lastName: 'Investor',
    userTypes: ['investor', 'gamer'],
  },
  {
    username: 'demo_developer',
    email: 'developer@demo.indiesplit.example',
    password: 'Demo-Developer-2025',
    lastName: 'Developer',
    userTypes: ['developer'],
  },
  // The back office's two roles (ADR 0008).
  {
    username: 'demo_admin',
    email: 'admin@demo.indiesplit.example',
    password: 'Demo-Admin-2025',
    lastName: 'Admin',
    userTypes: ['gamer'],
    staffRole: 'admin',
    totpSecret: 'DEMOADMINTOTPSECRETDEMOADMINTOTP',
  },
  {
    username: 'demo_reviewer',
    email: 'reviewer@demo.indiesplit.example',
    password: 'Demo-Reviewer-2025',
    lastName: 'Reviewer',
    userTypes: ['gamer'],
    staffRole: 'reviewer',
    totpSecret: 'DEMOREVIEWERTOTPSECRETDEMOREVIEW',
  },
];

/** The accounts the seed makes, its demo bot included: the instance guard counts every other one. */
export const DEMO_USERNAMES: readonly string[] = [...DEMO_ACCOUNTS.map((a) => a.username), DEMO_BOT_USERNAME];

/** Idempotent: run at every start; an existing demo account is left as it is. */
export async function seed(db: Db, config: Config): Promise<DemoAccount[]> {
  if (config.isProduction) return [];
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${account.username}`);
    if (existing) {
      if (account.totpSecret) await ensureDemoAuthenticator(db, config, existing.id, account.totpSecret);
      continue;
    }
    const created = await accounts.insertDemoAccount(db, {
      username: account.username,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstName: 'Demo',
      lastName: account.lastName,
      userTypes: account.userTypes,
      staffRole: account.staffRole ?? null,
      emailVerifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    });
    if (created && account.totpSecret) await ensureDemoAuthenticator(db, config, created, account.totpSecret);
  }
  // Campaigns to look at: three EUR showcases of demo_developer (live, scheduled, and funded with
  // demo_investor among its investors, ready to launch and report revenue), and the demo rounds
  // (virtual money on a fast clock) that the settlement worker keeps going.
  const [developer] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = 'demo_developer'`);
  if (developer) {
    await verifyDemoStudio(db, config, developer.id);
    await ensureShowcaseCampaigns(db, developer.id, new Date());
    await ensureFundedShowcase(db, developer.id, new Date());
  }
  if (config.demoCampaigns) await ensureDemoRounds(db, new Date(), config.demoRoundMinutes);
  return DEMO_ACCOUNTS;
}

/** The demo studio as verified (KYB, ADR 0036): its scheduled showcase opens at its start time. */
const DEMO_STUDIO_KYB: KybSubmission = {
  legal_name: 'Demo Games S.r.l.',
  registration_number: 'REA MI-0000001',
  country: 'IT',
  registered_address: 'Via Esempio 1, 20121 Milano, Italy',
  representative_first_name: 'Demo',
  representative_last_name: 'Developer',
  representative_birth_date: '1985-04-12',
  representative_nationality: 'IT',
  representative_email: 'developer@demo.indiesplit.example',
  ubos: [
    {
      first_name: 'Demo',
      last_name: 'Developer',
      birth_date: '1985-04-12',
      nationality: 'IT',
      address: 'Via Esempio 1, 20121 Milano, Italy',
      ownership_percent: 100,
    },
  ],
  no_convictions: true,
  not_high_risk_jurisdiction: true,
  accurate: true,
};

async function verifyDemoStudio(db: Db, config: Config, developerId: string): Promise<void> {
  const storage = await createFileStorage(config.storage);
  try {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420, 200]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Demo Games S.r.l. - registration extract (demo data)', { x: 20, y: 100, size: 12, font });
    const data = Buffer.from(await doc.save());
    await ensureDemoStudioVerified({ db, storage, config }, developerId, DEMO_STUDIO_KYB, {
      data,
      fileName: 'demo-registration.pdf',
    });
  } finally {
    storage.close?.();
  }
}
