// Business constants (spec §9). The server enforces them; the browser shows them.

export const USER_TYPES = ['investor', 'gamer', 'developer'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The revenue share runs for 36 months from the game's launch (spec §1: "3 years"): the one place this term is written. */
export const REVENUE_SHARE_TERM_MONTHS = 36;

export const RESEND_VERIFICATION_COOLDOWN_SECONDS = 180;
export const AUTH_CACHE_MS = 5 * 60 * 1000;

export const VERIFICATION_TOKEN_TTL_HOURS = 72;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const SESSION_TTL_DAYS = 14;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const COUNTDOWN_TARGET_DEFAULT = '2025-09-15T00:00:00';
export const LEGAL_LAST_UPDATED = '2025-06-18';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_COOKIE = 'sessionid';
export const LANGUAGE_COOKIE = 'i18next';
/**
 * Set (to "1") once the visitor has made a cookie choice: the choice itself stays in the browser's
 * storage, and this tells the server, which renders the first screen, not to include the banner.
 */
export const CONSENT_COOKIE = 'consent_chosen';
