import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configErrorOf, productionEnv } from '../test/config-fixtures.ts';
import { parseConfig } from './config.ts';

// PAYMENTS and the provider's settings (ADR 0039).

const dataDir = mkdtempSync(path.join(tmpdir(), 'indiesplit-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const development = { DATA_DIR: dataDir };
const production = productionEnv(dataDir);
const mangopay = {
  PAYMENTS: 'mangopay',
  MANGOPAY_CLIENT_ID: 'indiesplit-prod',
  MANGOPAY_API_KEY: 'a-long-secret-api-key',
  MANGOPAY_BASE_URL: 'https://api.mangopay.example/',
  MANGOPAY_PLATFORM_USER_ID: 'platform_1',
};

describe('PAYMENTS', () => {
  it('is manual by default, in development and in production', () => {
    expect(parseConfig(development).payments).toEqual({ mode: 'manual' });
    expect(parseConfig(production).payments).toEqual({ mode: 'manual' });
  });

  it('reads the Mangopay credentials, base URL and the platform’s own user', () => {
    expect(parseConfig({ ...production, ...mangopay, PAYMENTS_TIMEOUT_MS: '5000' }).payments).toEqual({
      mode: 'mangopay',
      clientId: 'indiesplit-prod',
      apiKey: 'a-long-secret-api-key',
      baseUrl: 'https://api.mangopay.example',
      platformUserId: 'platform_1',
      timeoutMs: 5000,
      attempts: 4,
      recheckMs: 10_000,
    });
  });

  it.each([
    'MANGOPAY_CLIENT_ID',
    'MANGOPAY_API_KEY',
    'MANGOPAY_BASE_URL',
    'MANGOPAY_PLATFORM_USER_ID',
  ] as const)('PAYMENTS=mangopay without %s is refused, naming it', (name) => {
    const { [name]: _omitted, ...rest } = mangopay;
    expect(configErrorOf({ ...development, ...rest })).toMatch(
      new RegExp(`^\\s+${name}: is required when PAYMENTS=mangopay`, 'm'),
    );
  });

  it('refuses a plain-http Mangopay URL in production (the API key would travel in clear)', () => {
    expect(
      configErrorOf({ ...production, ...mangopay, MANGOPAY_BASE_URL: 'http://api.mangopay.example' }),
    ).toMatch(/^\s+MANGOPAY_BASE_URL: must be https:\/\//m);
  });

  it('refuses the sandbox in production', () => {
    expect(configErrorOf({ ...production, PAYMENTS: 'sandbox' })).toMatch(
      /^\s+PAYMENTS: sandbox is refused when NODE_ENV=production/m,
    );
  });

  it('takes the sandbox outside production, on a free port unless one is named', () => {
    expect(parseConfig({ ...development, PAYMENTS: 'sandbox' }).payments).toEqual({
      mode: 'sandbox',
      sandboxPort: 0,
      timeoutMs: 15_000,
      attempts: 4,
      recheckMs: 10_000,
    });
    expect(
      parseConfig({ ...development, PAYMENTS: 'sandbox', PAYMENTS_SANDBOX_PORT: '4010' }).payments,
    ).toMatchObject({
      sandboxPort: 4010,
    });
  });

  it.each([
    ['PAYMENTS', 'stripe'],
    ['MANGOPAY_BASE_URL', 'ftp://api.mangopay.example'],
    ['MANGOPAY_CLIENT_ID', 'has spaces'],
    ['MANGOPAY_API_KEY', 'short'],
    ['PAYMENTS_SANDBOX_PORT', '70000'],
    ['PAYMENTS_TIMEOUT_MS', '10'],
    ['PAYMENTS_ATTEMPTS', '0'],
  ])('%s=%s is refused, naming the variable', (name, value) => {
    expect(configErrorOf({ ...development, [name]: value })).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});
