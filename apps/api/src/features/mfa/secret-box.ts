import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Authenticator-app secrets must be read back to check a code, so they are encrypted, not hashed:
// AES-256-GCM under a key derived from SESSION_SECRET with HKDF, with an info string of its own (no
// other use of the secret shares this key). The user id is the associated data: a ciphertext
// copied onto another account does not decrypt.

const VERSION = 'v1';
const INFO = 'indiesplit totp secret v1';

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
    keys.set(secret, key);
  }
  return key;
}

export function seal(secret: string, userId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    data.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

/** null when sealed under another SESSION_SECRET (rotated), for another user, or tampered with. */
export function open(secret: string, userId: string, sealed: string): string | null {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== VERSION || !iv || data === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
