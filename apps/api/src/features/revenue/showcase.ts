import { randomUUID } from 'node:crypto';
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { addCommitment } from '../campaigns/commands/add-commitment.ts';
import { createDraftIfAbsent } from '../campaigns/commands/create-draft.ts';
import { startServices } from '../campaigns/commands/start-services.ts';
import { moveCampaign } from '../campaigns/state.ts';
import { recordReservedInvestment } from '../investing/commands/record-reserved-investment.ts';
import { markInvestmentSettled } from '../investing/commands/settle-investment.ts';
import * as ledger from '../ledger/service.ts';
import { ensureDemoBot } from '../settlement/demo-campaigns.ts';

// A funded EUR campaign for the development seed (ADR 0014): its services are running and the game
// is about to launch, so an admin can record the launch, demo_developer can file the first revenue
// report and demo_investor can follow the payout. Its money went through the ledger like anyone's:
// a bank deposit into each investor's wallet, a reservation into the escrow, posted when funded.

const SLUG = 'starfall-couriers';
const DAY = 24 * 3600 * 1000;

const TEXTS = {
  summaryEn:
    'A cosy space-delivery game: pilot a tiny courier ship between floating markets, and keep a sleepy star system connected.',
  summaryIt:
    'Un gioco rilassante di consegne spaziali: piloti una piccola nave corriere tra mercati fluttuanti e tieni unito un sistema stellare sonnolento.',
  storyEn:
    'Starfall Couriers was funded on IndieSplit. You run the last courier service of the Ember Belt: parcels, passengers and the occasional goat, between stations that drift a little every day. The team of five in Turin has finished the campaign and is preparing the release on PC and Nintendo Switch.',
  storyIt:
    'Starfall Couriers è stato finanziato su IndieSplit. Gestisci l’ultimo servizio di corrieri della Cintura di Brace: pacchi, passeggeri e ogni tanto una capra, tra stazioni che si spostano un po’ ogni giorno. Il gruppo di cinque persone di Torino ha completato la campagna e prepara l’uscita su PC e Nintendo Switch.',
  risksEn: `Revenue after launch may be small or none. Your share is paid only from verified net revenue, for ${REVENUE_SHARE_TERM_MONTHS} months from launch, and you could lose everything you invested.`,
  risksIt: `I ricavi dopo l’uscita potrebbero essere scarsi o nulli. La tua quota è pagata solo sui ricavi netti verificati, per ${REVENUE_SHARE_TERM_MONTHS} mesi dall’uscita, e potresti perdere tutto ciò che hai investito.`,
  useOfFundsEn: '70% development for twelve months; 15% porting to Switch; 15% launch marketing.',
  useOfFundsIt: '70% sviluppo per dodici mesi; 15% conversione per Switch; 15% marketing al lancio.',
};

async function userId(tx: Db, username: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username}`);
  return row?.id;
}

/** Creates the funded showcase once (false when it already exists or its accounts are missing). */
export async function ensureFundedShowcase(db: Db, developerId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const investorId = await userId(tx, 'demo_investor');
    if (!investorId) return false;
    const botId = await ensureDemoBot(tx);
    const draft = await createDraftIfAbsent(tx, {
      developerId,
      slug: SLUG,
      title: 'Starfall Couriers',
      genre: 'simulation',
      platforms: ['PC', 'NINTENDO SWITCH'],
      ...TEXTS,
      services: ['mentoring', 'marketing', 'distribution'],
      goalCents: 2_000_000,
      maxCents: 3_000_000,
      minTicketCents: 5_000,
      currency: 'EUR',
      revenueShareBps: 1000,
      termMonths: REVENUE_SHARE_TERM_MONTHS,
      startsAt: new Date(now.getTime() - 75 * DAY),
      deadlineAt: new Date(now.getTime() - 45 * DAY),
      expectedReleaseDate: new Date(now.getTime() - 60 * DAY).toISOString().slice(0, 10),
      // The studio of its key information sheet (fictional, ADR 0028).
      studioLegalName: 'Brace Interactive S.r.l.s.',
      studioLegalForm: 'Società a responsabilità limitata semplificata (S.r.l.s.)',
      studioRegistrationNumber: 'REA TO-1298765',
      studioCountry: 'IT',
      studioAddress: 'Corso Regio Parco 30, 10152 Torino, Italy',
      studioEmail: 'team@braceinteractive.example',
      studioPeople: [
        { name: 'Luca Bianchi', role: 'Legal representative' },
        { name: 'Elena Russo', role: 'Producer' },
      ],
      studioStatementSigned: true,
    });
    if (!draft) return false;
    let row = await moveCampaign(tx, draft, 'live', null, 'development seed');

    const world = await ledger.ensureAccount(tx, { kind: 'world', currency: 'EUR' });
    const escrow = await ledger.ensureAccount(tx, { kind: 'escrow', currency: 'EUR', campaignId: row.id });
    const commitments: Array<[string, number]> = [
      [investorId, 50_000],
      [botId, 1_950_000],
    ];
    const reserved: Array<{ id: string; transferId: number }> = [];
    for (const [investor, amount] of commitments) {
      const wallet = await ledger.ensureAccount(tx, { kind: 'wallet', currency: 'EUR', userId: investor });
      await ledger.transfer(tx, {
        debitAccountId: world.id,
        creditAccountId: wallet.id,
        amount,
        currency: 'EUR',
        kind: 'deposit',
        reference: 'development seed',
      });
      const id = randomUUID();
      const reservation = await ledger.reserve(tx, {
        debitAccountId: wallet.id,
        creditAccountId: escrow.id,
        amount,
        currency: 'EUR',
        kind: 'investment',
        reference: `investment:${id}`,
      });
      const placedAt = new Date(now.getTime() - 60 * DAY);
      await addCommitment(tx, { campaignId: row.id, investorId: investor, amountCents: amount });
      await recordReservedInvestment(tx, {
        id,
        campaignId: row.id,
        investorId: investor,
        amountCents: amount,
        currency: 'EUR',
        reserveTransferId: reservation.id,
        reflectionEndsAt: new Date(placedAt.getTime() + 4 * DAY),
        acknowledgedAt: placedAt,
        createdAt: placedAt,
      });
      reserved.push({ id, transferId: reservation.id });
    }
    row = await moveCampaign(tx, row, 'closing', null, 'development seed');
    row = await moveCampaign(tx, row, 'funded', null, 'development seed: goal reached');
    for (const r of reserved) {
      const settled = await ledger.settle(tx, r.transferId, 'post', { kind: 'investment' });
      await markInvestmentSettled(tx, r.id, 'posted', settled.id, row.deadlineAt ?? now);
    }
    await startServices(tx, row, { actorId: null, reason: 'development seed: all investments posted' });
    return true;
  });
}
