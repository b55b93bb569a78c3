import { randomBytes, randomUUID } from 'node:crypto';
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { createDraft } from '../campaigns/commands/create-draft.ts';
import { moveCampaign } from '../campaigns/state.ts';
import * as accounts from '../users/service.ts';

// The people and the campaign of the development fixtures (development only: the dev routes are
// never mounted in production), made through the features that make them for real.

const DAY = 24 * 3600 * 1000;

export interface FixturePerson {
  id: string;
  username: string;
  email: string;
  password: string;
}

/** The first day of the month before last: that month is over, and inside the term. */
export function defaultLaunchDate(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
}

/** A campaign's address from its title and the fixture's code. */
export function fixtureSlug(title: string, code: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'game'}-${code}`;
}

/** A member made for the fixture alone, with a password the test signs in with. */
export async function newPerson(
  ctx: AppContext,
  code: string,
  role: string,
  userTypes: string[],
): Promise<FixturePerson> {
  const username = `fx_${role}_${code}`.slice(0, 30);
  const email = `fx.${role}.${code}@example.com`;
  const password = `Fixture-${randomBytes(9).toString('base64url')}-9`;
  const id = await accounts.insertDemoAccount(ctx.db, {
    username,
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Fixture',
    lastName: role.charAt(0).toUpperCase() + role.slice(1),
    userTypes,
    staffRole: null,
    emailVerifiedAt: new Date(),
    termsAcceptedAt: new Date(),
  });
  if (!id) throw new Error(`fixture account ${username} already exists`);
  return { id, username, email, password };
}

/**
 * The admin whose decisions (the verification, the studio's payment) the fixture records: an
 * account without a password, so no one can sign in as it; the tests' own admin is demo_admin.
 */
export async function newClerk(ctx: AppContext, code: string): Promise<string> {
  const id = await accounts.insertDemoAccount(ctx.db, {
    username: `fx_admin_${code}`,
    email: `fx.admin.${code}@example.com`,
    passwordHash: null,
    firstName: 'Fixture',
    lastName: 'Admin',
    userTypes: ['gamer'],
    staffRole: 'admin',
    emailVerifiedAt: new Date(),
    termsAcceptedAt: new Date(),
  });
  if (!id) throw new Error(`fixture admin ${code} already exists`);
  return id;
}

/**
 * A complete euro campaign of `spec.studio`, as the back office makes it from an approved pitch,
 * published live by `spec.clerkId`: funding for 30 days, no reflection period (its investments can
 * be settled as soon as they are made).
 */
export async function openFixtureCampaign(
  ctx: AppContext,
  spec: {
    studio: FixturePerson;
    clerkId: string;
    slug: string;
    title: string;
    goalCents: number;
    maxCents: number;
    now: Date;
  },
): Promise<string> {
  const code = spec.slug.slice(-10);
  return ctx.db.transaction(async (tx) => {
    const draft = await createDraft(tx, {
      developerId: spec.studio.id,
      slug: spec.slug,
      title: spec.title,
      genre: 'simulation',
      platforms: ['PC', 'NINTENDO SWITCH'],
      summaryEn: 'A cosy space-delivery game made for one browser test.',
      summaryIt: 'Un gioco rilassante di consegne spaziali, fatto per un solo test nel browser.',
      storyEn: 'Pilot a tiny courier ship between floating markets.',
      storyIt: 'Piloti una piccola nave corriere tra mercati fluttuanti.',
      risksEn: `Revenue after launch may be small or none; you could lose everything you invested.`,
      risksIt: `I ricavi dopo l’uscita potrebbero essere scarsi o nulli; potresti perdere tutto ciò che hai investito.`,
      useOfFundsEn: '70% development; 30% launch marketing.',
      useOfFundsIt: '70% sviluppo; 30% marketing al lancio.',
      services: ['mentoring', 'marketing', 'distribution'],
      goalCents: spec.goalCents,
      maxCents: spec.maxCents,
      minTicketCents: 5_000,
      currency: 'EUR',
      revenueShareBps: 1000,
      platformShareBps: 1000,
      termMonths: REVENUE_SHARE_TERM_MONTHS,
      // No reflection period to wait for: the investments can be settled as soon as they are made.
      reflectionSeconds: 0,
      startsAt: new Date(spec.now.getTime() - DAY),
      deadlineAt: new Date(spec.now.getTime() + 30 * DAY),
      expectedReleaseDate: defaultLaunchDate(spec.now),
      studioLegalName: `Fixture Studio ${code} S.r.l.s.`,
      studioLegalForm: 'Società a responsabilità limitata semplificata (S.r.l.s.)',
      studioRegistrationNumber: `REA TO-${code}`,
      studioCountry: 'IT',
      studioAddress: 'Via Roma 1, 10121 Torino, Italy',
      studioEmail: spec.studio.email,
      studioPeople: [{ name: 'Fixture Studio', role: 'Legal representative' }],
      studioStatementSigned: true,
    });
    return (await moveCampaign(tx, draft, 'live', spec.clerkId, 'development fixture')).id;
  });
}

/** A live euro campaign of a new studio, goal `goalCents` (its cap half as much again). */
export async function createLiveCampaignFixture(
  ctx: AppContext,
  spec: { title: string; goalCents: number },
): Promise<{ id: string; slug: string; title: string }> {
  const code = randomUUID().replace(/-/g, '').slice(0, 10);
  const title = `${spec.title} ${code.slice(0, 6).toUpperCase()}`;
  const slug = fixtureSlug(spec.title, code);
  const studio = await newPerson(ctx, code, 'studio', ['developer']);
  const clerkId = await newClerk(ctx, code);
  const id = await openFixtureCampaign(ctx, {
    studio,
    clerkId,
    slug,
    title,
    goalCents: spec.goalCents,
    maxCents: Math.round(spec.goalCents * 1.5),
    now: new Date(),
  });
  return { id, slug, title };
}
