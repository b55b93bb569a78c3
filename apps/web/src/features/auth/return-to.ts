import { paths } from '../../app/paths.ts';
import { safeReturnPath } from './return-path.ts';

// Where a visitor was going when the app asked them to log in. Every redirect to /login carries
// the destination in `?next=`; the login screen keeps it for the tab (sessionStorage), so that each
// way of logging in lands there: the password, a passkey, the second step, Google, and Discord,
// whose round trip through discord.com comes back to /login without it.

const STORAGE_KEY = 'indiesplit.returnTo';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Keeps the destination for this tab, or forgets it (null). */
export function rememberReturnPath(destination: string | null): void {
  const next = safeReturnPath(destination);
  try {
    if (next) storage()?.setItem(STORAGE_KEY, next);
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused: the visitor lands on the home page instead.
  }
}

/** The destination kept for this tab, if any, without forgetting it. */
export function peekReturnPath(): string | null {
  try {
    return safeReturnPath(storage()?.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Where to go now that the visitor is logged in: the kept destination (then forgotten), or home. */
export function takeReturnPath(): string {
  const next = peekReturnPath();
  rememberReturnPath(null);
  return next ?? paths.home;
}

/** Why the login screen is asking, read from the destination. */
export type LoginReason =
  | { kind: 'invest'; slug: string }
  | { kind: 'demo' }
  | { kind: 'portfolio' }
  | { kind: 'page' };

export function loginReason(next: string | null): LoginReason | null {
  if (!next) return null;
  const pathname = next.split(/[?#]/, 1)[0] ?? '';
  const invest = /^\/campaigns\/([^/]+)\/invest$/.exec(pathname);
  if (invest?.[1]) return { kind: 'invest', slug: decodeURIComponent(invest[1]) };
  if (pathname === paths.demo) return { kind: 'demo' };
  if (pathname === paths.portfolio || pathname.startsWith(`${paths.portfolio}/`))
    return { kind: 'portfolio' };
  return { kind: 'page' };
}
