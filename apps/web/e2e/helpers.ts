import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

// Shared by the browser tests: browser contexts, helpers for the dev mailbox, accessibility checks
// with axe-core and screenshots for people to look at. A failed test needs nothing from here to be
// understood: the runner keeps its trace (every step, request and page state) in test-results/.

/** The real server that global-setup.ts started for this run. */
export const baseURL = process.env.E2E_BASE_URL ?? '';
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
export const artifactsDir = path.join(here, 'artifacts');

export interface ContextOptions {
  width?: number;
  height?: number;
  /** 'en' or 'it': what the browser says it prefers. */
  locale?: string;
  /** Whether the cookie banner has already been answered (default: yes, so it covers nothing). */
  consented?: boolean;
  /** Another server than the suite's (payments.e2e.ts starts one with the sandbox provider). */
  baseURL?: string;
  /** The browser's time zone (default: the machine's, as the server's). */
  timezoneId?: string;
}

let contextCount = Math.floor(Math.random() * 250);
/** The three documentation networks of RFC 5737, one per worker of the runner. */
const ADDRESS_BLOCKS = ['203.0.113', '198.51.100', '192.0.2'];

/** A new browser context (its own cookies: another person), on the test server. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const base = options.baseURL ?? baseURL;
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    // axe-core is injected as a script; the app's strict CSP would (rightly) refuse it.
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  // Each context is a person of their own, from an address of their own: the server trusts the
  // local hop (TRUST_PROXY in global-setup.ts), so its per-address limits (ten sign-ups an hour)
  // count each test's people, not the whole run's. Documentation addresses (RFC 5737), in a header.
  // Each worker of the runner has a block of its own, so parallel workers never share an address.
  contextCount += 1;
  const block = ADDRESS_BLOCKS[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % ADDRESS_BLOCKS.length];
  const address = `${block}.${(contextCount % 250) + 1}`;
  await context.route(`${base}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  if (options.consented !== false) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('indiesplit.consent')) {
        localStorage.setItem(
          'indiesplit.consent',
          JSON.stringify({
            version: 1,
            decided: true,
            analytics: false,
            media: false,
            decidedAt: '2025-01-01',
          }),
        );
      }
    });
  }
  // Pages the server renders (ADR 0041) show before the app's code has run; a test, unlike a
  // person, acts at once. Every page of the context waits, after each load, for the app to have
  // taken the page over.
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitForAppOnLoad(await newPage());
  return context;
}

/**
 * Makes `page.goto` and `page.reload` resolve once the app has taken over a page the server
 * rendered (the app marks <html data-app-ready>); other pages are the app's from the start.
 */
export function waitForAppOnLoad(page: Page): Page {
  const ready = async () => {
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.appReady === 'true' ||
        !document.querySelector('script[src="/app-loader.js"]'),
      undefined,
      { timeout: 15_000 },
    );
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
  return page;
}

/** Fails the test on any uncaught error in the page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

let counter = 0;
export function uniqueUser(prefix = 'e2e') {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `${prefix}_${id}`.slice(0, 30),
    email: `${prefix}.${id}@example.com`,
    password: `Neon-Arcade-${id}9`,
  };
}

interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/** Waits for an email to `to` whose text contains a link to `pathPrefix`, and returns that link. */
export async function linkFromMailbox(
  to: string,
  pathPrefix: string,
  after = 0,
  base = baseURL,
): Promise<string> {
  const deadline = Date.now() + 30_000;
  const pattern = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/\//g, '\\/')}[^\\s"<>]+`);
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Mail[];
    for (const mail of mails) {
      if (mail.id <= after) continue;
      const match = mail.text.match(pattern);
      if (match) return new URL(match[0]).pathname;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`No email to ${to} with a ${pathPrefix} link arrived`);
}

export async function lastMailId(to: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const mails = (await res.json()) as Mail[];
  return mails[0]?.id ?? 0;
}

const axeSource = readFileSync(path.join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** Runs axe-core (WCAG 2.x A/AA rules) and fails on serious or critical violations. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations;
  })) as AxeViolation[];
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}

/**
 * Saves a screenshot for people to review (apps/web/e2e/artifacts, not committed). CI keeps none
 * (nobody reads them there, and full-page captures cost the two cores a minute over the run) unless
 * E2E_SCREENSHOTS=1; a failed test keeps its own screenshot and trace either way.
 */
const screenshots = process.env.E2E_SCREENSHOTS === '1' || process.env.CI !== 'true';
export async function snapshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!screenshots) return;
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage });
}

/** Visits a screen, waits for its main heading, checks accessibility and takes a screenshot. */
export async function visitAndCheck(page: Page, url: string, name: string, heading?: string | RegExp) {
  await page.goto(url);
  if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  else await page.locator('main h1').first().waitFor();
  await expectAccessible(page, name);
  await snapshot(page, name);
}

/** A small real PNG (solid colour), for avatar uploads. */
export function pngImage(width = 64, height = 64, rgb: [number, number, number] = [139, 92, 246]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo staff's authenticator secrets, as seeded for development (the back office needs a
 * second factor): logIn answers their second step with a code computed from these.
 */
export const DEMO_TOTP_SECRETS: Record<string, string> = {
  demo_admin: 'DEMOADMINTOTPSECRETDEMOADMINTOTP',
  demo_reviewer: 'DEMOREVIEWERTOTPSECRETDEMOREVIEW',
};

/** The authenticator code for `secret`, `steps` periods of 30 seconds from now. */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

/**
 * Answers the login's second step with an authenticator code. A code works once: when this one
 * was already taken (another login in the same 30 seconds), the next period's code is accepted
 * (the server allows one step of clock drift); failing that, it waits for a fresh period.
 */
export async function answerSecondStep(page: Page, secret: string): Promise<void> {
  await page.waitForURL(`${baseURL}/login/verify`);
  const field = page.getByRole('textbox', { name: /Code from your authenticator app/ });
  for (const steps of [0, 1, 'wait'] as const) {
    if (steps === 'wait') await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await field.fill(totpCode(secret, steps === 'wait' ? 0 : steps));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/mfa/login'));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    if ((await answer).ok()) return;
  }
  throw new Error('the second step refused every code');
}

/** Logs in through the form (with the second step for demo staff) and waits for the home page. */
type SessionCookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * The demo staff's sessions this worker has signed in, by username. An authenticator code works once
 * (ADR 0016), and the tests sign the demo admin in far more often than every 30 seconds: a second
 * test reuses the session the first one made instead of waiting for a fresh code. A session that no
 * longer answers (signed out) is replaced by a real login.
 */
const staffSessions = new Map<string, SessionCookies>();

export async function logIn(
  page: Page,
  login: string,
  password: string,
  totpSecret: string | undefined = DEMO_TOTP_SECRETS[login],
): Promise<void> {
  const reusable = totpSecret !== undefined && totpSecret === DEMO_TOTP_SECRETS[login];
  const saved = reusable ? staffSessions.get(login) : undefined;
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto('/');
    const me = await page.evaluate(async () => {
      sessionStorage.clear();
      return (await fetch('/api/auth/authenticated/')).json();
    });
    if (me?.username?.toLowerCase?.() === login.toLowerCase()) {
      await page.reload();
      await acceptNewTermsIfAsked(page);
      return;
    }
    staffSessions.delete(login);
    await page.context().clearCookies();
  }
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username or email' }).fill(login);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  if (totpSecret) await answerSecondStep(page, totpSecret);
  await acceptNewTermsIfAsked(page);
  await page.waitForURL(`${baseURL}/`);
  if (reusable) staffSessions.set(login, await page.context().cookies());
}

/**
 * Accepts new terms when the app asks for them (ADR 0034): once legal.e2e.ts has published a new
 * version, the demo accounts seeded under the first one are asked at their next login.
 */
export async function acceptNewTermsIfAsked(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const me = await page.evaluate(async () => (await fetch('/api/auth/authenticated/')).json());
  if (!me?.termsAcceptanceRequired) return;
  if (new URL(page.url()).pathname !== '/legal/accept') await page.goto('/legal/accept');
  await page.getByRole('button', { name: 'I accept the new terms' }).click();
  await page.waitForURL((url) => url.pathname !== '/legal/accept');
}

/** Every email the dev mailbox holds for `to`, newest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const res = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

/** Waits for an email to `to` whose subject contains `subject`, and returns it. */
export async function waitForMail(to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(to)).find((m) => m.subject.includes(subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`No email to ${to} with "${subject}" in its subject arrived`);
}

/**
 * Signs up through the API the page itself uses (faster than the form, which account.e2e.ts
 * covers) and leaves the page signed in.
 */
export async function signUpInPage(
  page: Page,
  user: { username: string; email: string; password: string },
  userTypes: string[] = ['developer'],
): Promise<void> {
  await page.goto('/');
  const status = await page.evaluate(
    async ({ u, types }) => {
      await fetch('/api/auth/csrf_cookie');
      const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
      const res = await fetch('/api/auth/register/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(token) },
        body: JSON.stringify({
          username: u.username,
          email: u.email,
          password: u.password,
          re_password: u.password,
          name: 'Ada',
          surname: 'Byron',
          user_types: types,
          accepted_terms: true,
        }),
      });
      return res.status;
    },
    { u: user, types: userTypes },
  );
  expect(status).toBe(201);
  // Signed in behind the app's back: drop its five-minute cache of "logged out".
  await page.evaluate(() => sessionStorage.clear());
}

/** A small, valid PDF of `pages` pages (a pitch deck for upload tests). */
export async function pitchDeckPdf(title = 'Pitch deck', pages = 2): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([842, 595]);
    page.drawText(`${title}, page ${i}`, { x: 60, y: 500, size: 28, font });
  }
  return Buffer.from(await doc.save());
}

/** What POST /api/dev/fixtures/revenue-campaign answers (development only, see the API's dev routes). */
export interface RevenueFixture {
  campaign: { id: string; slug: string; title: string; status: string };
  studio: { id: string; username: string; email: string; password: string };
  investors: Array<{ id: string; username: string; email: string; password: string; invested_cents: number }>;
  launched_on: string | null;
  report_period: string;
  report_id: string | null;
  distribution_id: string | null;
}

export type RevenueStage = 'funded' | 'launched' | 'reported' | 'verified' | 'paid';

/**
 * A real campaign in the revenue share for this test alone, built from nothing by the server's
 * development route: a new studio and two new investors (€500 and €19,500 of a €20,000 goal),
 * funded and settled, and then, up to `stage`, launched on the first day of the month before last,
 * its first month reported (net €8,200), verified and paid (a €820 pool).
 */
export async function revenueCampaign(
  stage: RevenueStage,
  title = 'Starfall Couriers',
): Promise<RevenueFixture> {
  return devFixture<RevenueFixture>('/api/dev/fixtures/revenue-campaign', { stage, title });
}

/** POSTs to one of the server's development fixture routes (with a CSRF token) and answers its 201 body. */
export async function devFixture<T>(route: string, body: unknown, base = baseURL): Promise<T> {
  const cookie = await fetch(`${base}/api/auth/csrf_cookie`);
  const token = cookie.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('csrftoken='))
    ?.slice('csrftoken='.length);
  if (!token) throw new Error('the server set no CSRF cookie');
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${token}`,
      'x-csrftoken': decodeURIComponent(token),
      origin: base,
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * On the investor profile page the app sent `member` to on the way to investing: passes the
 * knowledge test, saves the loss simulation and goes on to the investment in `campaignTitle`.
 */
export async function passInvestorProfile(
  member: Page,
  campaignTitle: string,
  checks = false,
): Promise<void> {
  // No profile yet: the profile first, then back to the investment.
  await member.waitForURL(/\/investor-profile\?next=/);
  const answers: [string, string][] = [
    ['How often have you invested in unlisted companies or crowdfunding?', 'A few times'],
    ['What is your main goal with this investment?', 'Supporting games I like'],
    ['For how long can you leave this money invested?', 'More than three years'],
    ['If the game sells poorly, what can happen to the money you invested?', 'I can lose all of it'],
    ['Can you sell your revenue share whenever you want?', 'No, there is usually no market to sell it'],
    ['What happens if the campaign misses its funding goal?', 'Every investor is refunded'],
    ['What do your returns depend on?', "The game's net revenue"],
    ['What is the more prudent way to invest?', 'Spread small amounts over several projects'],
  ];
  for (const [question, answer] of answers) {
    await member
      .getByRole('group', { name: question })
      .getByRole('radio', { name: answer })
      .check({ force: true });
  }
  await member.getByRole('button', { name: 'Send my answers' }).click();
  await member.getByText('Passed', { exact: true }).first().waitFor();
  await member.getByRole('textbox', { name: /Yearly net income/ }).fill('30000');
  await member.getByRole('textbox', { name: /Liquid assets/ }).fill('12000');
  await member.getByRole('textbox', { name: /Yearly financial commitments/ }).fill('9000');
  await member.getByRole('button', { name: 'Save the simulation' }).click();
  await member.getByText('Simulation saved.').waitFor();
  if (checks) {
    await expectAccessible(member, 'investor profile');
    await snapshot(member, 'investor-profile');
  }
  await member.getByRole('link', { name: 'Continue to your investment' }).click();
  await member.getByRole('heading', { level: 1, name: `Invest in ${campaignTitle}` }).waitFor();
}

/**
 * From a campaign's Invest link, with no investor profile yet: the app asks for the profile first
 * (the knowledge test, passed, and the loss simulation), comes back to the investment, and asks
 * for the tax residence in place. Leaves `member` on the investment form of `campaignTitle`. With
 * `checks`, also checks the accessibility of the pages on the way and saves their screenshots.
 */
export async function takeInvestorProfile(
  member: Page,
  campaignTitle: string,
  checks = false,
): Promise<void> {
  await passInvestorProfile(member, campaignTitle, checks);
  // Before the first investment in euros the tax residence is asked once, in place.
  await member
    .getByText('One last step before your first investment in euros: tell us your tax residence.')
    .waitFor();
  if (checks) await expectAccessible(member, 'invest page asking for the tax residence');
  await member.getByRole('combobox', { name: /Country of tax residence/ }).selectOption('IT');
  await member.getByRole('button', { name: 'Save my tax residence' }).click();
  await member.getByRole('textbox', { name: /^Amount in/ }).waitFor();
}
