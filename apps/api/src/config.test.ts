import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configErrorOf, productionEnv } from '../test/config-fixtures.ts';
import { childEnv } from '../test/server-process.ts';
import { parseConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'indiesplit-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = randomBytes(32).toString('hex');
const base = { DATA_DIR: dataDir };
const production = productionEnv(dataDir, SECRET);
const errorOf = configErrorOf;

describe('parseConfig refuses bad values, naming the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '0'],
    ['DATABASE_URL', 'mysql://x'],
    ['CSP_FRAME_SRC', 'http://www.instagram.com'],
    ['SMTP_URL', 'http://mail.example'],
    ['REDIS_URL', 'memcached://127.0.0.1'],
    ['PUBLIC_URL', 'ftp://indiesplit.example'],
    ['PUBLIC_URL', 'indiesplit.example'],
    ['NODE_ENV', 'prod'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'too-short'],
    ['TRUST_PROXY', 'yes please; rm -rf'],
    ['TRUSTED_ORIGINS', 'not a url'],
    ['TRUSTED_ORIGINS', 'https://ok.example, ://broken'],
    ['DB_CONNECT_TIMEOUT_MS', 'soon'],
    ['DB_STATEMENT_TIMEOUT_MS', '0'],
    ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', '-5'],
    ['READY_MIN_FREE_DISK_MB', 'lots'],
    ['SHUTDOWN_GRACE_SECONDS', '0'],
  ])('%s=%s', (name, value) => {
    expect(errorOf({ ...base, [name]: value })).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('names every bad variable at once', () => {
    const message = errorOf({ ...base, PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(`${name}:`);
  });

  it('requires SESSION_SECRET in production', () => {
    const { SESSION_SECRET: _omitted, ...withoutSecret } = production;
    expect(errorOf(withoutSecret)).toMatch(/SESSION_SECRET: .*required.*production/);
  });

  it('requires SMTP_URL in production, so mail is never silently kept in the dev mailbox', () => {
    const { SMTP_URL: _omitted, ...withoutSmtp } = production;
    expect(errorOf(withoutSmtp)).toMatch(/SMTP_URL: .*required.*production/);
  });

  it('requires PUBLIC_URL in production', () => {
    const { PUBLIC_URL: _omitted, ...withoutUrl } = production;
    expect(errorOf(withoutUrl)).toMatch(/PUBLIC_URL: .*required.*production/);
  });
});

describe('parseConfig reads good values', () => {
  it('has working defaults for a first run', () => {
    const config = parseConfig({ ...base });
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      publicOrigin: 'http://localhost:3000',
      dataDir: path.resolve(dataDir),
      uploadsDir: path.join(path.resolve(dataDir), 'uploads'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
      operations: {
        dbConnectTimeoutMs: 5_000,
        dbStatementTimeoutMs: 15_000,
        dbIdleInTransactionTimeoutMs: 30_000,
        readyMinFreeDiskMb: 512,
        shutdownGraceSeconds: 10,
      },
      trustProxy: false,
      trustedOrigins: [],
    });
  });

  it('outside production makes a session secret once per data directory and keeps it private', () => {
    const first = parseConfig({ ...base }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({ ...base }).sessionSecret).toBe(first);
    const file = path.join(dataDir, '.session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('uses the given values in production', () => {
    const config = parseConfig({
      ...production,
      PORT: '8080',
      PUBLIC_URL: 'https://indiesplit.example/',
      DATABASE_URL: 'postgresql://app@db.internal:5432/indiesplit',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      REDIS_URL: 'redis://cache.internal:6379',
      TRUSTED_ORIGINS: 'https://www.indiesplit.example/, https://admin.indiesplit.example',
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      publicUrl: 'https://indiesplit.example',
      publicOrigin: 'https://indiesplit.example',
      sessionSecret: SECRET,
      databaseUrl: 'postgresql://app@db.internal:5432/indiesplit',
      smtpUrl: 'smtps://user:pass@smtp.example:465',
      redisUrl: 'redis://cache.internal:6379',
      trustedOrigins: ['https://www.indiesplit.example', 'https://admin.indiesplit.example'],
      trustProxy: ['10.0.0.0/8'],
    });
  });

  it('treats empty optional URLs as not set', () => {
    const config = parseConfig({ ...base, DATABASE_URL: '', SMTP_URL: ' ', REDIS_URL: '' });
    expect([config.databaseUrl, config.smtpUrl, config.redisUrl]).toEqual([undefined, undefined, undefined]);
  });
});

describe('the process', () => {
  it('exits with a message naming the bad variable', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    // Node strips the types itself (ADR 0027), without tsx's start-up.
    const result = spawnSync(process.execPath, [main], {
      env: { ...childEnv(), DATA_DIR: dataDir, PORT: 'abc', DATABASE_URL: 'mysql://x' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/PORT: /);
    expect(result.stderr).toMatch(/DATABASE_URL: /);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});
