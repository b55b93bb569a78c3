import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configErrorOf, productionEnv } from '../test/config-fixtures.ts';
import { parseConfig } from './config.ts';

// Settings that decide what a production instance exposes: the API docs, the web app's source
// maps, and whose X-Forwarded-For is believed.

const dataDir = mkdtempSync(path.join(tmpdir(), 'indiesplit-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const development = { DATA_DIR: dataDir };
const production = productionEnv(dataDir);
const errorOf = configErrorOf;

describe('TRUST_PROXY', () => {
  it('refuses true in production, naming the variable and what to set instead', () => {
    const message = errorOf({ ...production, TRUST_PROXY: 'true' });
    expect(message).toMatch(/^\s+TRUST_PROXY: true is refused when NODE_ENV=production/m);
    expect(message).toContain('TRUST_PROXY=10.0.0.5,10.1.0.0/16');
  });

  it('takes a list of proxy addresses and CIDR ranges in production', () => {
    const config = parseConfig({ ...production, TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,fd00::/8,loopback' });
    expect(config.trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it.each(['10.0.0.256', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '1', '10.0.0.1/8/2', ','])(
    'refuses %s as a proxy entry',
    (value) => {
      expect(errorOf({ ...development, TRUST_PROXY: value })).toMatch(/^\s+TRUST_PROXY: /m);
    },
  );

  it('outside production reads true as the loopback proxies only, and false as none', () => {
    expect(parseConfig({ ...development, TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback']);
    expect(parseConfig({ ...development, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig(development).trustProxy).toBe(false);
    expect(parseConfig(production).trustProxy).toBe(false);
  });
});

describe('API_DOCS and SOURCE_MAPS', () => {
  it('are off in production and on elsewhere by default', () => {
    expect(parseConfig(production)).toMatchObject({ apiDocs: false, sourceMaps: false });
    expect(parseConfig(development)).toMatchObject({ apiDocs: true, sourceMaps: true });
  });

  it('can be turned on in production and off in development', () => {
    expect(parseConfig({ ...production, API_DOCS: 'true', SOURCE_MAPS: 'true' })).toMatchObject({
      apiDocs: true,
      sourceMaps: true,
    });
    expect(parseConfig({ ...development, API_DOCS: 'false', SOURCE_MAPS: 'false' })).toMatchObject({
      apiDocs: false,
      sourceMaps: false,
    });
  });

  it.each(['API_DOCS', 'SOURCE_MAPS'])('%s accepts only true or false', (name) => {
    expect(errorOf({ ...development, [name]: 'yes' })).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});
