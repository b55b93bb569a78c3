import { randomBytes } from 'node:crypto';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from '@cantoo/pdf-lib';
import type { KeyInformationDto } from '@indiesplit/shared/campaigns';
import { simulatePayouts } from '@indiesplit/shared/revenue-simulator';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStudio } from '../../../test/fixtures/kyb.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { STUDIO_EDIT } from '../../../test/fixtures/studio.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { computePool } from '../revenue/pool.ts';
import { EXAMPLE_NET_REVENUE_CENTS, keyInformationOf, withArticle } from './presenters/key-information.ts';
import { KEY_INFORMATION_TEXT } from './presenters/key-information-text.ts';
import type { CampaignRow } from './repo.ts';

// The key investment information sheet (ADR 0028): what a reader of the page and of the PDF sees,
// in English and Italian, and the editor's rule that a campaign does not open with an incomplete
// sheet.

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
let developer: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
  developer = await member(t);
});
beforeAll(() => verifyStudio(t.app.ctx, developer.id, admin.id));
afterAll(async () => t?.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function draft(values: Partial<typeof campaigns.$inferInsert> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      title: `Harbour Lights ${randomBytes(3).toString('hex')}`,
      platforms: ['PC'],
      goalCents: 2_000_000,
      developerId: developer.id,
      ...values,
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

const terms = (overrides: Record<string, unknown> = {}) => ({
  slug: `harbour-${randomBytes(4).toString('hex')}`,
  summary_en: 'A harbour game.',
  summary_it: 'Un gioco di porto.',
  story_en: 'Story.',
  story_it: 'Storia.',
  risks_en: 'The game may never ship.',
  risks_it: 'Il gioco potrebbe non uscire mai.',
  use_of_funds_en: 'Art.',
  use_of_funds_it: 'Grafica.',
  goal: '20000',
  max: '30000',
  min_ticket: '50',
  revenue_share: '8',
  starts_at: inDays(1),
  deadline_at: inDays(30),
  ...overrides,
});

const edit = (id: string, body: unknown) =>
  admin.client.request('PATCH', `/api/backoffice/campaigns/${id}`, { body });
const move = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  admin.client.request('POST', `/api/backoffice/campaigns/${id}/status`, { body, headers });

async function live(overrides: Record<string, unknown> = {}, currency: 'EUR' | 'DEMO' = 'EUR') {
  const id = await draft({ currency, ...(currency === 'DEMO' ? { reflectionSeconds: 300 } : {}) });
  const body = terms({ ...STUDIO_EDIT, ...overrides });
  const edited = await edit(id, body);
  expect(edited.statusCode, edited.body).toBe(200);
  const moved = await move(id, { to: 'live' });
  expect(moved.statusCode, moved.body).toBe(200);
  return { id, slug: body.slug as string };
}

async function sheetOf(slug: string, lang: 'en' | 'it'): Promise<KeyInformationDto> {
  const res = await t.client().get(`/api/campaigns/${slug}`, { 'accept-language': lang });
  expect(res.statusCode).toBe(200);
  return res.json().key_information;
}

const item = (sheet: KeyInformationDto, section: string, label: string) =>
  sheet.sections.find((s) => s.id === section)?.items.find((i) => i.label === label);

/** The text a PDF prints, page by page, from its (WinAnsi, hex-encoded) text-showing operators. */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const winAnsiHigh: Record<number, string> = {
    128: '€',
    145: '‘',
    146: '’',
    147: '“',
    148: '”',
    150: '–',
    151: '—',
  };
  const words: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = m[1]!;
      let s = '';
      for (let i = 0; i < hex.length; i += 2) {
        const code = Number.parseInt(hex.slice(i, i + 2), 16);
        s += winAnsiHigh[code] ?? String.fromCharCode(code);
      }
      words.push(s);
    }
  }
  return words.join(' ').replace(/\s+/g, ' ');
}

describe('the key information sheet states every fee', () => {
  it('says the platform keeps 10% of each pool and what investors receive, in both languages', async () => {
    const { slug } = await live();
    const en = await sheetOf(slug, 'en');
    expect(en.platform_share_bps).toBe(1000);
    expect(en.investors_share_of_net).toBe(7_200_000);
    const netLine =
      'Investors share 8% of net revenue; the platform keeps 10% of each pool; investors receive 7.2% of net revenue.';
    expect(item(en, 'fees', 'Your net share')?.value).toBe(netLine);
    expect(item(en, 'instrument', 'What investors receive in all')?.value).toBe(netLine);
    expect(item(en, 'fees', 'Costs on payouts')?.value).toContain('10% of every revenue pool');
    expect(item(en, 'instrument', 'Example')?.value).toBe(
      'Of €10,000 of net revenue: the pool is €800, the platform keeps €80, the investors share €720.',
    );
    // The old, misleading line is gone.
    expect(JSON.stringify(en)).not.toMatch(/Fees for investors.{0,10}None/);
    expect(JSON.stringify(en)).not.toContain('investor_fee_cents');

    const it = await sheetOf(slug, 'it');
    expect(item(it, 'fees', 'La tua quota netta')?.value).toBe(
      'Agli investitori spetta l’8% dei ricavi netti; la piattaforma trattiene il 10% di ogni monte; gli investitori ricevono il 7,2% dei ricavi netti.',
    );
    expect(item(it, 'instrument', 'Esempio')?.value).toMatch(
      /^Su 10\.000\s€ di ricavi netti: il monte è di 800\s€/,
    );
  });

  it('names the success fee kept from the money raised, frozen when the campaign went live', async () => {
    const { id, slug } = await live();
    const owner = 'Fees borne by the project owner';
    // The test configuration keeps no fee: the sheet says the owner pays none on the funds raised.
    expect(item(await sheetOf(slug, 'en'), 'fees', owner)?.value).toContain(
      'The project owner pays no other fee on the funds raised.',
    );
    const [frozen] = await t.database.db
      .select({ fee: campaigns.successFeeBps })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    expect(frozen?.fee).toBe(0);

    await t.database.db.update(campaigns).set({ successFeeBps: 500 }).where(eq(campaigns.id, id));
    const en = item(await sheetOf(slug, 'en'), 'fees', owner)?.value;
    expect(en).toContain(
      'IndieSplit keeps a fee of 5% of the funds raised before paying them to the project owner',
    );
    expect(en).toContain('not taken from the investors');
    expect(en).not.toContain('no other fee');
    const it = item(
      await sheetOf(slug, 'it'),
      'fees',
      'Commissioni a carico del titolare del progetto',
    )?.value;
    expect(it).toContain('IndieSplit trattiene una commissione del 5% dei fondi raccolti');
  });

  it('gives an Italian percentage the article it is read with', () => {
    expect(
      ['1%', '8%', '7,2%', '10%', '11%', '18%', '80%', '8,5%', '0,5%'].map((p) => withArticle('it', p)),
    ).toEqual(['l’1%', 'l’8%', 'il 7,2%', 'il 10%', 'l’11%', 'il 18%', 'l’80%', 'l’8,5%', 'il 0,5%']);
    expect(withArticle('en', '8%')).toBe('8%');
  });

  it('lists the sections in the order of Annex I, with the complaints and conflicts-of-interest links', async () => {
    const { slug } = await live();
    const en = await sheetOf(slug, 'en');
    expect(en.sections.map((s) => s.id)).toEqual(['owner', 'offer', 'risks', 'instrument', 'rights', 'fees']);
    expect(item(en, 'fees', 'Complaints')?.href).toBe('/complaints');
    expect(item(en, 'fees', 'Conflicts of interest')?.href).toBe('/conflicts-of-interest');
    expect(item(en, 'owner', 'Project owner (legal name)')?.value).toBe('Faro Games S.r.l.');
    expect(item(en, 'owner', 'Country')?.value).toBe('Italy (IT)');
    expect(item(en, 'owner', 'People responsible for this sheet')?.value).toBe(
      'Chiara Galli – Managing director',
    );
    expect(item(en, 'instrument', 'Term')?.value).toBe('36 months from the game’s launch.');
    expect(item(en, 'rights', 'Revoking your investment')?.value).toMatch(/within 4 days/);
    // A real campaign's reflection period is given in days in both languages, never as minutes.
    const it = await sheetOf(slug, 'it');
    const revoke = item(it, 'rights', 'Revoca dell’investimento')?.value;
    expect(revoke).toMatch(/entro 4 giorni/);
    expect(revoke).not.toMatch(/minut/);
  });

  it('carries the regulation’s warnings word for word in English and Italian', async () => {
    const { slug } = await live();
    const en = await sheetOf(slug, 'en');
    const byId = (s: KeyInformationDto, id: string) => s.warnings.find((w) => w.id === id)!.text;
    expect(byId(en, 'disclaimer')).toMatch(
      /^This crowdfunding offer has been neither verified nor approved by competent authorities or ESMA\./,
    );
    expect(byId(en, 'risk')).toContain('including the risk of partial or entire loss of the money invested');
    expect(byId(en, 'risk')).toContain('not covered by the deposit guarantee schemes');
    expect(byId(en, 'risk')).toContain('not covered by the investor compensation schemes');
    expect(byId(en, 'reflection')).toContain('shall expire after four calendar days');
    expect(byId(en, 'responsibility')).toBe(KEY_INFORMATION_TEXT.en.warnings.responsibility);

    const it = await sheetOf(slug, 'it');
    expect(byId(it, 'disclaimer')).toMatch(
      /^La presente offerta di crowdfunding non è stata verificata né approvata dalle autorità competenti o dall’ESMA\./,
    );
    expect(byId(it, 'risk')).toContain('rischio di perdita parziale o totale del denaro investito');
    expect(byId(it, 'risk')).toContain('non è coperto dai sistemi di garanzia dei depositi');
    expect(byId(it, 'risk')).toContain('sistemi di indennizzo degli investitori');
    expect(byId(it, 'reflection')).toContain('scade dopo quattro giorni di calendario');
    expect(it.title).toBe('Scheda contenente le informazioni chiave sull’investimento');
  });

  it('marks a demo campaign’s sheet as virtual money', async () => {
    const { slug } = await live({}, 'DEMO');
    const en = await sheetOf(slug, 'en');
    expect(en.demo).toBe(true);
    expect(en.title).toMatch(/DEMO: virtual money/);
    expect(item(en, 'offer', 'Money')?.value).toMatch(/^Virtual money \(demo\)/);
    expect(item(en, 'offer', 'Funding goal (minimum to raise)')?.value).toBe('€20,000 (virtual)');
    expect(item(en, 'rights', 'Revoking your investment')?.value).toMatch(/5 minutes .*demo clock/);
  });
});

describe('the editor refuses a campaign whose sheet is incomplete', () => {
  it('does not open it and names what is missing, translated', async () => {
    const id = await draft();
    expect((await edit(id, terms())).statusCode).toBe(200);
    const res = await move(id, { to: 'live' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('studioLegalNameMissing');
    expect(res.json().message).toBe('The key information sheet needs the studio’s legal name.');
    expect(res.json().error_codes).toEqual({
      studio_legal_name: 'studioLegalNameMissing',
      studio_legal_form: 'studioLegalFormMissing',
      studio_registration_number: 'studioRegistrationMissing',
      studio_country: 'studioCountryMissing',
      studio_address: 'studioAddressMissing',
      studio_email: 'studioEmailMissing',
      studio_people: 'studioPeopleMissing',
      studio_statement_signed: 'studioStatementMissing',
    });

    expect((await edit(id, { ...STUDIO_EDIT, studio_statement_signed: false })).statusCode).toBe(200);
    const it = await move(id, { to: 'scheduled' }, { 'accept-language': 'it' });
    expect(it.statusCode).toBe(400);
    expect(it.json().message).toBe(
      'Nella scheda delle informazioni chiave manca la dichiarazione di responsabilità firmata dallo studio.',
    );
    expect(it.json().error_codes).toEqual({ studio_statement_signed: 'studioStatementMissing' });

    expect((await edit(id, { studio_statement_signed: true })).statusCode).toBe(200);
    expect((await move(id, { to: 'scheduled' })).statusCode).toBe(200);
    // Once published, the sheet cannot lose a part.
    const cleared = await edit(id, { studio_registration_number: '', studio_people: [] });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error_codes).toEqual({
      studio_registration_number: 'fillMandatory',
      studio_people: 'studioPeopleMissing',
    });
  });

  it('refuses a bad country, email or person with translated errors', async () => {
    const id = await draft();
    const res = await admin.client.request('PATCH', `/api/backoffice/campaigns/${id}`, {
      body: {
        studio_country: 'I1',
        studio_email: 'not-an-address',
        studio_people: [{ name: 'Chiara Galli', role: '' }],
      },
      headers: { 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({
      studio_country: 'invalidCountry',
      studio_email: 'invalidEmail',
      studio_people: 'studioPersonIncomplete',
    });
    expect(res.json().errors.studio_country).toBe(
      'Indica il paese con il codice ISO di due lettere, per esempio IT.',
    );
    expect(res.json().errors.studio_people).toBe('Indica nome e ruolo di ogni persona responsabile.');
    // A country name is refused by the request's schema already.
    const named = await edit(id, { studio_country: 'Italy' });
    expect(named.statusCode).toBe(400);
    expect(named.json().error_codes).toEqual({ studio_country: 'invalidCountry' });
    const shown = (await admin.client.get(`/api/backoffice/campaigns/${id}`)).json();
    expect(shown.studio).toEqual({
      legal_name: '',
      legal_form: '',
      registration_number: '',
      country: '',
      address: '',
      email: '',
      people: [],
      statement_signed: false,
    });
    expect((await edit(id, { studio_country: 'nl' })).json().studio.country).toBe('NL');
  });
});

describe('GET /api/campaigns/:slug/key-information.pdf', () => {
  it('is the same sheet as a PDF, in English and in Italian', async () => {
    const { slug } = await live();
    const en = await t.client().get(`/api/campaigns/${slug}/key-information.pdf?lang=en`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toBe(`attachment; filename=key-information-${slug}-en.pdf`);
    expect(en.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const enText = await pdfText(en.rawPayload);
    const enSheet = await sheetOf(slug, 'en');
    expect(enText).toContain(enSheet.warnings[0]!.text);
    expect(enText).toContain(enSheet.warnings[1]!.text);
    expect(enText).toContain(
      'Investors share 8% of net revenue; the platform keeps 10% of each pool; investors receive 7.2% of net revenue.',
    );
    expect(enText).toContain('Faro Games S.r.l.');
    expect(enText).toContain('/complaints');

    const it = await t.client().get(`/api/campaigns/${slug}/key-information.pdf?lang=it`);
    expect(it.statusCode).toBe(200);
    expect(it.headers['content-disposition']).toBe(
      `attachment; filename=scheda-informazioni-chiave-${slug}-it.pdf`,
    );
    const itText = await pdfText(it.rawPayload);
    const itSheet = await sheetOf(slug, 'it');
    expect(itText).toContain(itSheet.warnings[0]!.text);
    expect(itText).toContain('non è stata verificata né approvata');
    expect(itText).toContain('gli investitori ricevono il 7,2% dei ricavi netti');
    // Accented letters and the euro sign print as themselves.
    expect(itText).toMatch(/10\.000\s€ di ricavi netti/);
    expect(itText).toContain('Società a responsabilità limitata');
  });

  it('follows the request language without ?lang, refuses another language and hides drafts', async () => {
    const { slug } = await live();
    const res = await t
      .client()
      .get(`/api/campaigns/${slug}/key-information.pdf`, { 'accept-language': 'it' });
    expect(res.headers['content-disposition']).toContain('-it.pdf');
    expect((await t.client().get(`/api/campaigns/${slug}/key-information.pdf?lang=fr`)).statusCode).toBe(400);
    const id = await draft();
    const address = `hidden-${randomBytes(4).toString('hex')}`;
    await edit(id, { slug: address });
    expect((await t.client().get(`/api/campaigns/${address}/key-information.pdf`)).statusCode).toBe(404);
  });
});

describe('the sheet, the payouts and the simulator agree', () => {
  const baseRow = {
    id: '00000000-0000-4000-8000-000000000000',
    title: 'Property',
    status: 'live',
    currency: 'EUR',
    goalCents: 1_000_000,
    maxCents: 2_000_000,
    minTicketCents: 5_000,
    committedCents: 0,
    termMonths: 36,
    reflectionSeconds: 4 * 86_400,
    startsAt: new Date('2027-01-01T00:00:00Z'),
    deadlineAt: new Date('2027-02-01T00:00:00Z'),
    services: [],
    platforms: ['PC'],
    summaryEn: 's',
    summaryIt: 's',
    risksEn: 'r',
    risksIt: 'r',
    useOfFundsEn: 'u',
    useOfFundsIt: 'u',
    studioLegalName: 'Studio',
    studioLegalForm: 'S.r.l.',
    studioRegistrationNumber: '1',
    studioCountry: 'IT',
    studioAddress: 'Via 1',
    studioEmail: 'a@b.example',
    studioPeople: [{ name: 'A', role: 'B' }],
    studioStatementSigned: true,
  } as unknown as CampaignRow;

  it('on random campaigns: the sheet’s example, the payout of that net revenue and the simulator match', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (shareBps, platformBps) => {
          const row = { ...baseRow, revenueShareBps: shareBps, platformShareBps: platformBps };
          const sheet = keyInformationOf(row, null, 'en');
          const payout = computePool({
            netCents: EXAMPLE_NET_REVENUE_CENTS,
            shareBps,
            platformShareBps: platformBps,
            carriedInCents: 0,
          });
          // One copy at the example's price, no store fee: the simulator's net is the example's.
          const sim = simulatePayouts({
            price_cents: EXAMPLE_NET_REVENUE_CENTS,
            copies_per_month: 1,
            store_fee_bps: 0,
            investment_cents: 1,
            revenue_share_bps: shareBps,
            platform_share_bps: platformBps,
            term_months: 36,
            committed_cents: 0,
            goal_cents: 0,
            open: false,
          }).expected;
          expect(sim.pool_cents).toBe(payout.poolCents);
          expect(sim.investors_cents).toBe(payout.investorsCents);
          const euros = (cents: number) =>
            new Intl.NumberFormat('en', {
              style: 'currency',
              currency: 'EUR',
              minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
            }).format(cents / 100);
          const example = sheet.sections
            .find((s) => s.id === 'instrument')!
            .items.find((i) => i.label === 'Example')!.value;
          expect(example).toBe(
            `Of €10,000 of net revenue: the pool is ${euros(payout.poolCents)}, the platform keeps ${euros(payout.platformCents)}, the investors share ${euros(payout.investorsCents)}.`,
          );
          expect(sheet.platform_share_bps).toBe(platformBps);
          // The stated net share is exact: pool share × (1 − platform share).
          expect(sheet.investors_share_of_net).toBe(shareBps * (10_000 - platformBps));
          // …and what a period pays is that share of the net revenue, within a cent.
          expect(Math.abs(payout.investorsCents * 100 - sheet.investors_share_of_net)).toBeLessThanOrEqual(
            100,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
