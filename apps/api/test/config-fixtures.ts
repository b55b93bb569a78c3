import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.ts';

/** The least a production start needs, on `dataDir`. */
export function productionEnv(dataDir: string, secret = randomBytes(32).toString('hex')) {
  return {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SESSION_SECRET: secret,
    PUBLIC_URL: 'https://indiesplit.example',
    SMTP_URL: 'smtps://user:pass@smtp.indiesplit.example:465',
    PLATFORM_IBAN: 'DE89370400440532013000',
    PLATFORM_BIC: 'COBADEFFXXX',
    PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
  };
}

/** The message of the ConfigError an environment is refused with; fails when it is accepted. */
export function configErrorOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('configuration was accepted');
}
