import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashCost, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses OWASP’s Argon2id minimum in production and development', () => {
    for (const env of ['production', 'development', undefined]) {
      expect(hashCost(env)).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    }
  });

  it('stores Argon2id hashes that name their cost', async () => {
    const stored = await hashPassword('Sunny-Harbor-42');
    const { memoryCost, timeCost, parallelism } = hashCost(process.env.NODE_ENV);
    expect(stored).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`),
    );
    expect(await verifyPassword(stored, 'Sunny-Harbor-42')).toBe(true);
    expect(await verifyPassword(stored, 'Sunny-Harbor-43')).toBe(false);
  });

  it('verifies a hash made at the production cost whatever the current setting', async () => {
    const stored = await hash('Città-di-mare-7', hashCost('production'));
    expect(await verifyPassword(stored, 'Città-di-mare-7')).toBe(true);
    // One spelling per password: "à" as one code point or as "a" plus a combining accent.
    expect(await verifyPassword(stored, 'Citta\u0300-di-mare-7')).toBe(true);
    expect(await verifyPassword(stored, 'Citta-di-mare-7')).toBe(false);
  });

  it('answers false, not an error, for an unknown account or a damaged hash', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'anything')).toBe(false);
  });
});
