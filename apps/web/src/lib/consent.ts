import { CONSENT_COOKIE } from '@indiesplit/shared/constants';
import { useSyncExternalStore } from 'react';
import { readCookie } from './cookies.ts';

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

const YEAR_SECONDS = 365 * 24 * 3600;

/** Tells the server a choice is recorded (CONSENT_COOKIE), so its first screen has no banner. */
function markChosen(): void {
  if (typeof document === 'undefined' || readCookie(CONSENT_COOKIE) === '1') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox; the cookie only tells the server a choice exists
  document.cookie = `${CONSENT_COOKIE}=1; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

// Whether the cookie came with this page, read before the line below may set it: the server
// rendered the page by it.
const chosenWhenLoaded = readCookie(CONSENT_COOKIE) === '1';
let state: ConsentState = load();
// A choice recorded before the cookie existed gets it now.
if (state.decided) markChosen();

// The page as the server rendered it knows only whether a choice exists (the cookie), not what it
// is: that is what the first, hydrating render shows, in the browser as on the server. The stored
// choice takes over right after.
const CHOSEN_ON_SERVER: ConsentState = { decided: true, analytics: false, media: false, decidedAt: null };
let chosenForServerRender = false;

/** On the server, before rendering a page: whether the request carried CONSENT_COOKIE. */
export function setServerConsentView(chosen: boolean): void {
  chosenForServerRender = chosen;
}

function serverSnapshot(): ConsentState {
  const chosen = typeof document === 'undefined' ? chosenForServerRender : chosenWhenLoaded;
  return chosen ? CHOSEN_ON_SERVER : UNDECIDED;
}

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
  markChosen();
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
  return useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
}

/** For tests: forget the in-memory choice and read storage again. */
export function reloadConsentForTests(): void {
  state = load();
}
