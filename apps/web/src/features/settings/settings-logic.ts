import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@indiesplit/shared/constants';
import type { MessageKey } from '@indiesplit/shared/messages';
import { normalizeIdentifier } from '@indiesplit/shared/validation';

// Rules of the settings screen that need no React (spec §4, §5), kept testable on their own.

export type SettingsSection = 'profile' | 'security' | 'subscriptions' | 'notifications' | 'social' | 'legal';
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  'profile',
  'security',
  'subscriptions',
  'notifications',
  'social',
  'legal',
];

export function sectionFromHash(hash: string): SettingsSection {
  const name = hash.replace(/^#/, '');
  return (SETTINGS_SECTIONS as readonly string[]).includes(name) ? (name as SettingsSection) : 'profile';
}

const EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** Client-side avatar checks with the spec's texts: type (JPG, PNG, WebP) then size (5 MB). */
export function avatarFileProblem(file: { name: string; type: string; size: number }): MessageKey | null {
  const typeOk = file.type
    ? (AVATAR_MIME_TYPES as readonly string[]).includes(file.type) || file.type === 'image/jpg'
    : EXTENSIONS.test(file.name);
  if (!typeOk) return 'invalidImage';
  if (file.size > AVATAR_MAX_BYTES) return 'imageTooLarge';
  return null;
}

/** Spec §5: an email change is detected ignoring case and surrounding spaces. */
export function emailChanged(before: string, after: string): boolean {
  return normalizeIdentifier(before) !== normalizeIdentifier(after);
}

const COOLDOWN_KEY = 'indiesplit.resendCooldownUntil';

/** The cooldown survives a reload of the page (same tab). */
export function readCooldown(now: number): number | null {
  try {
    const value = Number(globalThis.sessionStorage?.getItem(COOLDOWN_KEY));
    return Number.isFinite(value) && value > now ? value : null;
  } catch {
    return null;
  }
}

export function writeCooldown(until: number | null): void {
  try {
    if (until === null) globalThis.sessionStorage?.removeItem(COOLDOWN_KEY);
    else globalThis.sessionStorage?.setItem(COOLDOWN_KEY, String(until));
  } catch {
    // Without storage the cooldown simply lasts as long as the page.
  }
}
