import { SecretBox } from '../../platform/secret-box.ts';

// Authenticator-app secrets must be read back to check a code: sealed, bound to the user id
// (platform/secret-box.ts), so a ciphertext copied onto another account does not decrypt.
const box = new SecretBox('indiesplit totp secret v1');

export function seal(secret: string, userId: string, plain: string): string {
  return box.seal(secret, userId, plain);
}

/** null when sealed under another SESSION_SECRET (rotated), for another user, or tampered with. */
export function open(secret: string, userId: string, sealed: string): string | null {
  return box.open(secret, userId, sealed);
}
