import { SecretBox } from '../../platform/secret-box.ts';

// The password of a developer's demo or trailer page must be readable by reviewers: sealed, bound
// to the pitch id (platform/secret-box.ts).
const box = new SecretBox('indiesplit pitch password v1');

export function encryptPitchPassword(secret: string, pitchId: string, password: string): string {
  return box.seal(secret, pitchId, password);
}

/** null when the value was made under another secret (rotated) or was tampered with. */
export function decryptPitchPassword(secret: string, pitchId: string, sealed: string): string | null {
  return box.open(secret, pitchId, sealed);
}
