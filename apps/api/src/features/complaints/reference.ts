import { randomInt } from 'node:crypto';
import { randomToken, sha256 } from '../../platform/crypto.ts';

// No 0/O, 1/I/L: a reference is read aloud on the phone and typed from a letter.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * C-<year>-<8 characters>: 31^8 ≈ 8.5·10^11 per year, so references cannot be enumerated; they are
 * not secrets either (the status link's token is), only labels people can quote.
 */
export function newReference(receivedAt: Date): string {
  let tail = '';
  for (let i = 0; i < 8; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `C-${receivedAt.getUTCFullYear()}-${tail}`;
}

/** The status link's token (256 bits) and the hash kept in the register. */
export function newStatusToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256(token) };
}

export const hashStatusToken = (token: string): string => sha256(token);
