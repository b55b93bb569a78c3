import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The password of a developer's demo or trailer page must be readable by reviewers, so it is
// encrypted, not hashed: AES-256-GCM under a key derived from SESSION_SECRET with HKDF (a key of its
// own, so this use never collides with the CSRF signatures made from the same secret). The pitch id
// is the associated data: a ciphertext copied onto another pitch does not decrypt.

const VERSION = 'v1';
const INFO = 'indiesplit pitch password v1';

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
    keys.set(secret, key);
  }
  return key;
}

export function encryptPitchPassword(secret: string, pitchId: string, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(Buffer.from(pitchId));
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [VERSION, iv, data, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** null when the value was made under another secret (rotated) or was tampered with. */
export function decryptPitchPassword(secret: string, pitchId: string, sealed: string): string | null {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== VERSION || !iv || data === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(pitchId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
