import { randomUUID } from 'node:crypto';
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { addCommitment } from '../campaigns/commands/add-commitment.ts';
import { createDraft, createDraftIfAbsent } from '../campaigns/commands/create-draft.ts';
import { moveCampaign } from '../campaigns/state.ts';
import { recordReservedInvestment } from '../investing/commands/record-reserved-investment.ts';
import * as ledger from '../ledger/service.ts';
import * as users from '../users/service.ts';

// Demo campaigns (virtual money, ADR 0012): the same flow as real ones on a fast clock — a
// one-minute reflection period and a deadline a few minutes away — so a newcomer sees both ends of
// all-or-nothing within minutes. Two kinds are always live: one almost at its goal (a visitor's
// ticket tips it over and it gets funded), one with a goal nobody can reach (everyone refunded).
// When a round closes the worker starts the next one. A bot account's commitment goes through the
// ledger like anyone's: demo mint -> bot wallet -> reservation into the campaign's escrow.

export const DEMO_BOT_USERNAME = 'demo_bot';
const DEMO_BOT_EMAIL = 'bot@demo.indiesplit.example';
export const DEMO_ROUND_MINUTES = 5;
export const DEMO_REFLECTION_SECONDS = 60;

type RoundKind = 'fund' | 'fail';

interface RoundPlan {
  titles: string[];
  genre: string;
  platforms: string[];
  goalCents: number;
  maxCents: number;
  botCents: number;
  summaryEn: string;
  summaryIt: string;
}

const ROUNDS: Record<RoundKind, RoundPlan> = {
  fund: {
    titles: ['Paper Lantern Express', 'Moss & Marrow', 'Tiny Lighthouse Keeper'],
    genre: 'adventure',
    platforms: ['PC', 'NINTENDO SWITCH'],
    goalCents: 50_000,
    maxCents: 100_000,
    botCents: 45_000,
    summaryEn:
      'Demo campaign with virtual money, 90% funded: invest 50 virtual euros to push it over its goal, then watch it get funded when its deadline passes a few minutes from now.',
    summaryIt:
      'Campagna dimostrativa con denaro virtuale, già al 90%: investi 50 euro virtuali per farle superare l’obiettivo e guarda come viene finanziata alla scadenza, tra pochi minuti.',
  },
  fail: {
    titles: ['Skyforge Armada', 'Colossus of Nine Suns', 'Endless Orbit MMO'],
    genre: 'strategy',
    platforms: ['PC'],
    goalCents: 100_000_000,
    maxCents: 120_000_000,
    botCents: 150_000,
    summaryEn:
      'Demo campaign with virtual money and a goal it cannot reach: invest, and at the deadline a few minutes from now you will see the all-or-nothing rule refund everyone in full.',
    summaryIt:
      'Campagna dimostrativa con denaro virtuale e un obiettivo irraggiungibile: investi e alla scadenza, tra pochi minuti, vedrai la regola «tutto o niente» rimborsare tutti per intero.',
  },
};

const DEMO_STORY_EN =
  'This campaign is part of the IndieSplit demo. It works exactly like a real one — key information, risk warning, a reflection period during which you can revoke, all-or-nothing at the deadline — but with virtual euros from your demo wallet and a clock that runs in minutes instead of weeks. The reflection period lasts one minute here; on real campaigns it lasts four days.';
const DEMO_STORY_IT =
  'Questa campagna fa parte della demo di IndieSplit. Funziona esattamente come una vera — informazioni chiave, avvertenza sui rischi, un periodo di riflessione in cui puoi revocare, «tutto o niente» alla scadenza — ma con gli euro virtuali del tuo portafoglio demo e un orologio che scorre in minuti invece che in settimane. Qui il periodo di riflessione dura un minuto; nelle campagne reali dura quattro giorni.';
const DEMO_RISKS_EN =
  'No real money is involved: virtual euros cannot be withdrawn or exchanged. On a real campaign you could lose all the money you invest.';
const DEMO_RISKS_IT =
  'Non è coinvolto denaro reale: gli euro virtuali non si possono prelevare né convertire. In una campagna reale potresti perdere tutto il denaro investito.';
const DEMO_FUNDS_EN = 'Nothing: this is a demonstration.';
const DEMO_FUNDS_IT = 'Nulla: è una dimostrazione.';

/** The bot that makes the demo's first commitments; it has no password and cannot sign in. */
export function ensureDemoBot(db: Db): Promise<string> {
  return users.ensureSystemAccount(db, {
    username: DEMO_BOT_USERNAME,
    email: DEMO_BOT_EMAIL,
    firstName: 'Demo',
    lastName: 'Bot',
  });
}

/**
 * Commits `amount` of the bot's virtual money to a live demo campaign, the way an investment does:
 * the mint tops the bot's wallet up to what it needs, a reservation moves it towards the escrow,
 * the campaign's total grows (before the investment row exists, as addCommitment asks) and the
 * investment row points at the reservation.
 */
async function botCommit(tx: Db, botId: string, campaignId: string, amount: number, now: Date) {
  const mint = await ledger.ensureAccount(tx, { kind: 'demo_mint', currency: 'DEMO' });
  const wallet = await ledger.ensureAccount(tx, { kind: 'wallet', currency: 'DEMO', userId: botId });
  const escrow = await ledger.ensureAccount(tx, { kind: 'escrow', currency: 'DEMO', campaignId });
  const locked = await ledger.lockAccount(tx, wallet.id);
  const gap = amount - ledger.balanceOf(locked).available;
  if (gap > 0) {
    await ledger.transfer(tx, {
      debitAccountId: mint.id,
      creditAccountId: wallet.id,
      amount: gap,
      currency: 'DEMO',
      kind: 'demo_grant',
    });
  }
  const investmentId = randomUUID();
  const reservation = await ledger.reserve(tx, {
    debitAccountId: wallet.id,
    creditAccountId: escrow.id,
    amount,
    currency: 'DEMO',
    kind: 'investment',
    reference: `investment:${investmentId}`,
  });
  await addCommitment(tx, { campaignId, investorId: botId, amountCents: amount });
  await recordReservedInvestment(tx, {
    id: investmentId,
    campaignId,
    investorId: botId,
    amountCents: amount,
    currency: 'DEMO',
    reserveTransferId: reservation.id,
    // The bot counts as a sophisticated investor: no reflection period to wait for.
    reflectionEndsAt: now,
    acknowledgedAt: now,
  });
}

/**
 * The studio every demo round names in its key information sheet: plainly not a company, so the
 * sheet says virtual money from its first line to its last (ADR 0028).
 */
const DEMO_STUDIO = {
  studioLegalName: 'Demo Studio (fictional – virtual money only)',
  studioLegalForm: 'None: a demonstration with virtual money, not a company',
  studioRegistrationNumber: 'DEMO – not registered',
  studioCountry: 'IT',
  studioAddress: 'None – this demo campaign is not a real offer',
  studioEmail: 'demo@indiesplit.example',
  studioPeople: [{ name: 'IndieSplit demo team', role: 'Runs the virtual-money demo' }],
  studioStatementSigned: true,
};

async function startRound(tx: Db, kind: RoundKind, botId: string, now: Date, round: number, minutes: number) {
  const plan = ROUNDS[kind];
  const title = `Demo · ${plan.titles[round % plan.titles.length]}`;
  const draft = await createDraft(tx, {
    slug: `demo-${kind}-${now.getTime().toString(36)}`,
    title,
    genre: plan.genre,
    platforms: plan.platforms,
    summaryEn: plan.summaryEn,
    summaryIt: plan.summaryIt,
    storyEn: DEMO_STORY_EN,
    storyIt: DEMO_STORY_IT,
    risksEn: DEMO_RISKS_EN,
    risksIt: DEMO_RISKS_IT,
    useOfFundsEn: DEMO_FUNDS_EN,
    useOfFundsIt: DEMO_FUNDS_IT,
    services: ['mentoring', 'marketing', 'publishing'],
    goalCents: plan.goalCents,
    maxCents: plan.maxCents,
    minTicketCents: 5_000,
    currency: 'DEMO',
    revenueShareBps: 500,
    termMonths: REVENUE_SHARE_TERM_MONTHS,
    startsAt: now,
    deadlineAt: new Date(now.getTime() + minutes * 60_000),
    reflectionSeconds: DEMO_REFLECTION_SECONDS,
    ...DEMO_STUDIO,
  });
  const live = await moveCampaign(tx, draft, 'live', null, 'demo round');
  await botCommit(tx, botId, live.id, plan.botCents, now);
}

/**
 * Makes sure one demo campaign of each kind is live and still open at `now`; returns how many it
 * started. Safe from several processes at once: they queue on an advisory lock.
 */
export async function ensureDemoRounds(
  db: Db,
  now: Date,
  minutes: number = DEMO_ROUND_MINUTES,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('indiesplit:demo-rounds'))`);
    let started = 0;
    for (const kind of ['fund', 'fail'] as const) {
      const [open] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.currency, 'DEMO'),
            eq(campaigns.status, 'live'),
            like(campaigns.slug, `demo-${kind}-%`),
            gt(campaigns.deadlineAt, now),
          ),
        )
        .limit(1);
      if (open) continue;
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(campaigns)
        .where(like(campaigns.slug, `demo-${kind}-%`));
      await startRound(tx, kind, await ensureDemoBot(tx), now, n, minutes);
      started++;
    }
    return started;
  });
}

// ---- EUR showcase campaigns (development seed) -------------------------------------------------

interface Showcase {
  slug: string;
  title: string;
  status: 'live' | 'scheduled';
  genre: string;
  platforms: string[];
  goalCents: number;
  maxCents: number;
  revenueShareBps: number;
  startsInDays: number;
  runsForDays: number;
  expectedReleaseDate: string;
  services: string[];
  summaryEn: string;
  summaryIt: string;
  storyEn: string;
  storyIt: string;
  risksEn: string;
  risksIt: string;
  useOfFundsEn: string;
  useOfFundsIt: string;
  /** The studio as the key information sheet names it (fictional). */
  studio: {
    studioLegalName: string;
    studioLegalForm: string;
    studioRegistrationNumber: string;
    studioCountry: string;
    studioAddress: string;
    studioEmail: string;
    studioPeople: Array<{ name: string; role: string }>;
    studioStatementSigned: boolean;
  };
}

const SHOWCASES: Showcase[] = [
  {
    slug: 'lanterns-of-vesper',
    title: 'Lanterns of Vesper',
    status: 'live',
    genre: 'adventure',
    platforms: ['PC', 'NINTENDO SWITCH', 'PLAY STATION 5'],
    goalCents: 6_000_000,
    maxCents: 9_000_000,
    revenueShareBps: 800,
    startsInDays: -6,
    runsForDays: 45,
    expectedReleaseDate: '2027-10-15',
    services: ['mentoring', 'marketing', 'distribution', 'publishing'],
    summaryEn:
      'A hand-painted narrative adventure about a lamplighter who keeps a flooded city’s last canals lit, one night at a time.',
    summaryIt:
      'Un’avventura narrativa dipinta a mano: una lampionaia tiene accesi, una notte dopo l’altra, gli ultimi canali di una città sommersa.',
    storyEn:
      'Vesper is sinking, and every night fewer lanterns are lit. You play Ilaria, the last lamplighter, rowing through the canals to relight the city district by district. Each lantern you light brings back a neighbourhood — its shops, its gossip, its secrets — and each night you must choose which part of the city to save before dawn.\n\nWe are a team of four in Bologna. After two years of evenings and weekends we have a vertical slice: three districts, the rowing and lighting systems, and forty minutes of voiced story. This campaign lets us work on it full time for eighteen months and ship it on PC and consoles.',
    storyIt:
      'Vesper sta affondando e ogni notte si accendono meno lanterne. Sei Ilaria, l’ultima lampionaia, e remi tra i canali per riaccendere la città quartiere dopo quartiere. Ogni lanterna riporta in vita un rione — le sue botteghe, i suoi pettegolezzi, i suoi segreti — e ogni notte devi scegliere quale parte della città salvare prima dell’alba.\n\nSiamo un gruppo di quattro persone a Bologna. Dopo due anni di sere e fine settimana abbiamo una vertical slice: tre quartieri, i sistemi di voga e di accensione e quaranta minuti di storia doppiata. Questa campagna ci permette di lavorarci a tempo pieno per diciotto mesi e di pubblicarlo su PC e console.',
    risksEn: `Games are often late and some are never finished: the release could slip or not happen, and revenue after launch may be small or none. Your share is paid only from net revenue, for ${REVENUE_SHARE_TERM_MONTHS} months from launch, and you could lose everything you invest. Investments cannot be resold easily.`,
    risksIt: `I giochi escono spesso in ritardo e alcuni non vengono mai completati: l’uscita potrebbe slittare o non avvenire, e i ricavi dopo il lancio potrebbero essere scarsi o nulli. La tua quota viene pagata solo sui ricavi netti, per ${REVENUE_SHARE_TERM_MONTHS} mesi dall’uscita, e potresti perdere tutto ciò che investi. Gli investimenti non sono facilmente rivendibili.`,
    useOfFundsEn:
      '60% salaries of the core team for 18 months; 15% music and voice acting in English and Italian; 15% console ports and certification; 10% marketing at launch.',
    useOfFundsIt:
      '60% stipendi del team per 18 mesi; 15% musiche e doppiaggio in italiano e inglese; 15% conversione per console e certificazioni; 10% marketing al lancio.',
    studio: {
      studioLegalName: 'Lampionai Studio S.r.l.',
      studioLegalForm: 'Società a responsabilità limitata (S.r.l.)',
      studioRegistrationNumber: 'REA BO-561234',
      studioCountry: 'IT',
      studioAddress: 'Via del Porto 12, 40122 Bologna, Italy',
      studioEmail: 'studio@lampionai.example',
      studioPeople: [
        { name: 'Giulia Ferri', role: 'Managing director' },
        { name: 'Marco Testa', role: 'Creative director' },
      ],
      studioStatementSigned: true,
    },
  },
  {
    slug: 'tidebound',
    title: 'Tidebound',
    status: 'scheduled',
    genre: 'strategy',
    platforms: ['PC'],
    goalCents: 3_500_000,
    maxCents: 5_000_000,
    revenueShareBps: 600,
    startsInDays: 7,
    runsForDays: 40,
    expectedReleaseDate: '2028-03-01',
    services: ['mentoring', 'legal', 'back_office', 'distribution'],
    summaryEn:
      'A cosy harbour-building strategy game where the tide rises and falls every turn, and your town has to float with it.',
    summaryIt:
      'Un gestionale rilassante in cui costruisci un porto mentre la marea sale e scende a ogni turno, e la tua città deve galleggiare con lei.',
    storyEn:
      'In Tidebound every turn is a tide. Piers, markets and boathouses have to be planned for both high and low water; storms rearrange the coast, and trade ships only call at harbours that stay open at every tide.\n\nThe game grew out of a prototype that won a regional game jam in 2024. Our demo has been played by more than 20,000 people and has 11,000 wishlists. We are opening this campaign to finish the campaign mode, add the modding tools the community asked for, and launch on PC.',
    storyIt:
      'In Tidebound ogni turno è una marea. Moli, mercati e rimesse vanno progettati sia per l’alta sia per la bassa marea; le tempeste ridisegnano la costa e le navi mercantili attraccano solo nei porti che restano aperti a ogni marea.\n\nIl gioco nasce da un prototipo che ha vinto una game jam regionale nel 2024. La demo è stata provata da oltre 20.000 persone e conta 11.000 wishlist. Apriamo questa campagna per completare la modalità campagna, aggiungere gli strumenti di modding chiesti dalla community e uscire su PC.',
    risksEn: `The game might be released late, or not at all, and might sell less than we expect. You are paid a share of net revenue only, for ${REVENUE_SHARE_TERM_MONTHS} months after launch, and you could lose all the money you invest.`,
    risksIt: `Il gioco potrebbe uscire in ritardo, o non uscire affatto, e vendere meno del previsto. Ricevi solo una quota dei ricavi netti, per ${REVENUE_SHARE_TERM_MONTHS} mesi dall’uscita, e potresti perdere tutto il denaro investito.`,
    useOfFundsEn:
      '55% development of the campaign mode and modding tools; 20% art and animation; 15% localisation into six languages; 10% community and launch.',
    useOfFundsIt:
      '55% sviluppo della modalità campagna e degli strumenti di modding; 20% grafica e animazioni; 15% localizzazione in sei lingue; 10% community e lancio.',
    studio: {
      studioLegalName: 'Tidewright Games B.V.',
      studioLegalForm: 'Besloten vennootschap (B.V.)',
      studioRegistrationNumber: 'KvK 81234567',
      studioCountry: 'NL',
      studioAddress: 'Havenstraat 8, 3011 AB Rotterdam, Netherlands',
      studioEmail: 'hello@tidewright.example',
      studioPeople: [{ name: 'Sanne de Vries', role: 'Director' }],
      studioStatementSigned: true,
    },
  },
];

const DAY = 24 * 3600 * 1000;

/** The two EUR showcase campaigns of demo_developer; ones that exist are left as they are. */
export async function ensureShowcaseCampaigns(db: Db, developerId: string, now: Date): Promise<number> {
  let created = 0;
  for (const s of SHOWCASES) {
    const made = await db.transaction(async (tx) => {
      const draft = await createDraftIfAbsent(tx, {
        developerId,
        slug: s.slug,
        title: s.title,
        genre: s.genre,
        platforms: s.platforms,
        summaryEn: s.summaryEn,
        summaryIt: s.summaryIt,
        storyEn: s.storyEn,
        storyIt: s.storyIt,
        risksEn: s.risksEn,
        risksIt: s.risksIt,
        useOfFundsEn: s.useOfFundsEn,
        useOfFundsIt: s.useOfFundsIt,
        services: s.services,
        goalCents: s.goalCents,
        maxCents: s.maxCents,
        minTicketCents: 5_000,
        currency: 'EUR',
        revenueShareBps: s.revenueShareBps,
        termMonths: REVENUE_SHARE_TERM_MONTHS,
        startsAt: new Date(now.getTime() + s.startsInDays * DAY),
        deadlineAt: new Date(now.getTime() + (s.startsInDays + s.runsForDays) * DAY),
        expectedReleaseDate: s.expectedReleaseDate,
        ...s.studio,
      });
      if (!draft) return false;
      await moveCampaign(tx, draft, s.status, null, 'development seed');
      return true;
    });
    if (made) created++;
  }
  return created;
}
