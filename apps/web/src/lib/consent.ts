import { useSyncExternalStore } from 'react';

// Cookie and tracking consent (EU ePrivacy/GDPR): nothing non-essential loads before the visitor
// chooses. Other modules read the choice here; they never read the storage themselves.
//
//   analytics — the analytics provider, when one is configured
//   media     — third-party embeds (video reels) that set their own cookies

export type ConsentCategory = 'analytics' | 'media';

export interface ConsentState {
  /** False until the visitor accepts, rejects or saves a choice. */
  decided: boolean;
  analytics: boolean;
  media: boolean;
  /** When the choice was made (ISO time), for the record. */
  decidedAt: string | null;
}

const STORAGE_KEY = 'indiesplit.consent';
// Bump when the categories change, so every visitor is asked again.
const VERSION = 1;

const UNDECIDED: ConsentState = { decided: false, analytics: false, media: false, decidedAt: null };

type Listener = () => void;
const listeners = new Set<Listener>();
const settingsListeners = new Set<Listener>();

function load(): ConsentState {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return UNDECIDED;
    const parsed = JSON.parse(raw) as Partial<ConsentState> & { version?: number };
    if (parsed.version !== VERSION) return UNDECIDED;
    return {
      decided: true,
      analytics: parsed.analytics === true,
      media: parsed.media === true,
      decidedAt: typeof parsed.decidedAt === 'string' ? parsed.decidedAt : null,
    };
  } catch {
    return UNDECIDED;
  }
}

let state: ConsentState = load();

export function getConsent(): ConsentState {
  return state;
}

export function hasConsent(category: ConsentCategory): boolean {
  return state.decided && state[category];
}

export function setConsent(choice: Record<ConsentCategory, boolean>): void {
  state = { decided: true, ...choice, decidedAt: new Date().toISOString() };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ version: VERSION, ...state }));
  } catch {
    // Storage full or blocked: the choice still holds for this visit.
  }
  for (const listener of listeners) listener();
}

export const acceptAll = () => setConsent({ analytics: true, media: true });
export const rejectAll = () => setConsent({ analytics: false, media: false });

export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the consent banner again (the footer's "Cookie settings"). */
export function openConsentSettings(): void {
  for (const listener of settingsListeners) listener();
}

export function onConsentSettingsRequested(listener: Listener): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

/** The current choice, re-rendering when it changes. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsent, () => UNDECIDED);
}

/** For tests: forget the in-memory choice and read storage again. */
export function reloadConsentForTests(): void {
  state = load();
}
