import { paths } from '../../app/paths.ts';

// The destination a redirect to /login carries (`?next=`), checked: the app's guard builds the
// login address with it on every page, so this module stays small (return-to.ts keeps the rest).

export const NEXT_PARAM = 'next';
const MAX_LENGTH = 512;

/**
 * A destination that is safe to go to after login: a path of this site ("/..."), never another
 * origin ("//evil.example", "/\\evil.example", "https://…"), never the login screens themselves.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Only the characters a URL path and query may hold: no spaces, control characters or
  // backslashes (which browsers may read as "/").
  if (!/^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/.test(raw)) return null;
  const pathname = raw.split(/[?#]/, 1)[0] ?? '';
  if (pathname === paths.login || pathname.startsWith(`${paths.login}/`)) return null;
  return raw;
}

/** The login screen's address for a visitor on their way to `destination`. */
export function loginPathFor(destination: string): string {
  const next = safeReturnPath(destination);
  return next && next !== paths.home
    ? `${paths.login}?${NEXT_PARAM}=${encodeURIComponent(next)}`
    : paths.login;
}
