import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../test/fixtures/investing.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { outbox } from '../db/schema.ts';

// GET /metrics as a Prometheus scraper and an outsider see it: refused without the token, and with
// it every family the operator's dashboards need, with values that follow what happened.

const TOKEN = randomBytes(24).toString('hex');
const HOUR = 3600_000;

/** The value of one sample line, e.g. sample(text, 'x_total{worker="mail"}'); undefined if absent. */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let failMail = false;
  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_TOKEN: TOKEN },
      // The SMTP server is outside the machine: a transport that can be told to fail stands for it.
      mailTransport: {
        async send() {
          if (failMail) throw new Error('421 try again later');
        },
        async close() {},
      },
    });
  });
  afterAll(async () => t?.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is refused without the token, with a wrong one, and with the token anywhere but the header', async () => {
    for (const res of [
      await scrape(),
      await scrape(`Bearer ${TOKEN.slice(0, -1)}x`),
      await scrape(`Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`),
      await t.app.inject({ method: 'GET', url: `/metrics?token=${TOKEN}` }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().code).toBe('notAuthenticated');
      expect(res.body).not.toContain('indiesplit_');
    }
  });

  it('shows every family, with values that follow the requests, the outbox and the campaigns', async () => {
    const db = t.database.db;
    // Two emails waiting, the older one queued 90 s ago; one given up on.
    await db.insert(outbox).values([
      {
        toAddress: 'a@example.com',
        subject: 's',
        textBody: 't',
        htmlBody: 'h',
        createdAt: new Date(Date.now() - 90_000),
      },
      { toAddress: 'b@example.com', subject: 's', textBody: 't', htmlBody: 'h' },
      { toAddress: 'c@example.com', subject: 's', textBody: 't', htmlBody: 'h', status: 'failed' },
    ]);
    // Two campaigns past their deadline and not decided (the older one 2 hours ago), one still open.
    const startsAt = new Date(Date.now() - 10 * 24 * HOUR);
    await insertCampaign(db, { startsAt, deadlineAt: new Date(Date.now() - 2 * HOUR) });
    await insertCampaign(db, { status: 'closing', startsAt, deadlineAt: new Date(Date.now() - HOUR) });
    await insertCampaign(db);

    const secretSlug = `no-such-campaign-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i++) expect((await t.client().get('/api/campaigns/')).statusCode).toBe(200);
    expect((await t.client().get(`/api/campaigns/${secretSlug}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/${secretSlug}/nowhere`)).statusCode).toBe(404);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    // HTTP: by route pattern and status, never the raw URL.
    const http = 'indiesplit_http_request_duration_seconds';
    expect(sample(text, `${http}_count{method="GET",route="/api/campaigns/",status_code="200"}`)).toBe(3);
    expect(sample(text, `${http}_count{method="GET",route="/api/campaigns/:slug",status_code="404"}`)).toBe(
      1,
    );
    expect(sample(text, `${http}_count{method="GET",route="unmatched",status_code="404"}`)).toBe(1);
    expect(
      sample(text, `${http}_sum{method="GET",route="/api/campaigns/",status_code="200"}`),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(secretSlug);

    // The process: event-loop delay and memory from the default collectors.
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);

    // The database pool: the embedded database is one connection; PostgreSQL shows its pool.
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'indiesplit_db_pool_max')).toBe(4);
      expect(sample(text, 'indiesplit_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'indiesplit_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'indiesplit_db_pool_waiting')).toBe(0);
      expect(sample(text, 'indiesplit_db_pool_acquire_seconds_count')).toBeGreaterThanOrEqual(5);
    } else {
      expect(sample(text, 'indiesplit_db_pool_max')).toBe(1);
    }
    const probe = sample(text, 'indiesplit_db_probe_seconds') ?? -1;
    expect(probe).toBeGreaterThan(0);
    expect(probe).toBeLessThan(2);
    expect(sample(text, 'indiesplit_db_stats_up')).toBe(1);

    // The outbox and the settlement backlog, read from the database.
    expect(sample(text, 'indiesplit_outbox_pending')).toBe(2);
    expect(sample(text, 'indiesplit_outbox_failed')).toBe(1);
    const oldest = sample(text, 'indiesplit_outbox_oldest_pending_age_seconds') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(89);
    expect(oldest).toBeLessThan(200);
    expect(sample(text, 'indiesplit_settlement_overdue_campaigns')).toBe(2);
    const lag = sample(text, 'indiesplit_settlement_lag_seconds') ?? 0;
    expect(lag).toBeGreaterThanOrEqual(7199);
    expect(lag).toBeLessThan(7400);
    expect(sample(text, 'indiesplit_settlement_unsettled_investments')).toBe(0);

    // Every worker is listed from the start, at zero.
    for (const worker of [
      'mail',
      'settlement',
      'revenue',
      'housekeeping',
      'sophisticated-expiry',
      'notification-digest',
    ]) {
      expect(sample(text, `indiesplit_worker_errors_total{worker="${worker}"}`)).toBe(0);
    }
  });

  it('counts each failed mail delivery as a worker error', async () => {
    failMail = true;
    try {
      await t.app.ctx.mail.drain();
    } finally {
      failMail = false;
    }
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    // The two pending emails of the test above were tried and failed.
    expect(sample(text, 'indiesplit_worker_errors_total{worker="mail"}')).toBe(2);
    expect(sample(text, 'indiesplit_worker_errors_total{worker="settlement"}')).toBe(0);
  });
});

describe('a database that does not answer', () => {
  it('does not hold up the scrape: it answers within seconds and says the readings are stale', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      // A transaction holds the outbox table (and, on the embedded database, its only
      // connection) until the scrape has answered, and at most 8 s: the scrape never sees the
      // database answer, and the test does not sit out the rest of the 8 s afterwards.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const cap = setTimeout(() => release(), 8_000);
      const locker = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table mail_outbox in access exclusive mode`);
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const res = await t.app
        .inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        })
        .finally(() => {
          clearTimeout(cap);
          release();
        });
      const waited = Date.now() - started;
      await locker;
      expect(res.statusCode).toBe(200);
      expect(waited).toBeLessThan(6_000);
      expect(sample(res.body, 'indiesplit_db_stats_up')).toBe(0);
      expect(sample(res.body, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
      expect(sample(res.body, 'indiesplit_worker_errors_total{worker="mail"}')).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('production', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://indiesplit.example',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PLATFORM_IBAN: 'DE89370400440532013000',
    PLATFORM_BIC: 'COBADEFFXXX',
    PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
  };
  const noMail = { send: async () => {}, close: async () => {} };

  it('shows nothing at /metrics without METRICS_TOKEN, not even the web app', async () => {
    const t = await createTestApp({ env: production, mailTransport: noMail });
    try {
      for (const accept of ['text/plain', 'text/html']) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept } });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('indiesplit_');
      }
    } finally {
      await t.close();
    }
  });

  it('serves /metrics on METRICS_PORT only, and nothing else there', async () => {
    const port = await freePort();
    const t = await createTestApp({
      env: { ...production, METRICS_PORT: String(port) },
      mailTransport: noMail,
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('# TYPE indiesplit_http_request_duration_seconds histogram');
      expect(sample(text, 'indiesplit_outbox_pending')).toBe(0);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Closing the app closes the internal port too.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('metrics settings that cannot work are refused at start, naming the variable', () => {
  it.each([
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short-token' }],
    ['METRICS_PORT', { METRICS_PORT: '70000' }],
    ['METRICS_PORT', { METRICS_PORT: '3000', PORT: '3000' }],
  ])('%s', (name, env) => {
    let message = '';
    try {
      parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});
