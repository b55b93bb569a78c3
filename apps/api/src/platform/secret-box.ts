import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Values the server must read back (a pitch's page password, an authenticator secret) are encrypted,
// not hashed: AES-256-GCM under a key derived from SESSION_SECRET with HKDF. Each use names its own
// HKDF info string, so no two uses (nor the CSRF signatures made from the same secret) share a key.
// The associated data binds a ciphertext to its row: copied onto another one, it does not decrypt.

const VERSION = 'v1';

export class SecretBox {
  private readonly info: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(info: string) {
    this.info = info;
  }

  private keyFor(secret: string): Buffer {
    let key = this.keys.get(secret);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), this.info, 32));
      this.keys.set(secret, key);
    }
    return key;
  }

  seal(secret: string, boundTo: string, plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyFor(secret), iv);
    cipher.setAAD(Buffer.from(boundTo));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, data, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** null when sealed under another SESSION_SECRET (rotated), for another row, or tampered with. */
  open(secret: string, boundTo: string, sealed: string): string | null {
    const [version, iv, data, tag] = sealed.split('.');
    if (version !== VERSION || !iv || data === undefined || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.keyFor(secret), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
