import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { tooManyRequests } from '../../platform/errors.ts';

// Slowing password guessing without handing anyone a way to lock the owner out (ADR 0003).
//
// 1. Back-off per (account, source address). The first FREE_FAILURES wrong passwords from one
//    address cost nothing; each further one makes that address wait before its next attempt on
//    that account, 30 s, 60 s, 120 s … up to 15 minutes. A guesser elsewhere slows only itself.
// 2. A ceiling per account: ACCOUNT_CEILING failures within an hour, counted from every address,
//    stops a botnet that spreads guesses over thousands of addresses. Reaching it refuses
//    browsers that have never signed in to the account until the hour is over, but not a
//    browser that has: a successful sign-in leaves a signed "known device" cookie naming the
//    account, and attempts carrying it skip the ceiling (they still have their own back-off).
//    So a distributed attack gets ACCOUNT_CEILING guesses an hour at most, and the owner, on a
//    device used before, keeps signing in.
// Unknown account names go through the same steps, so a refusal tells nothing about an account.

export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** How long failures of one (account, address) pair are remembered. */
  pairWindowSeconds: 60 * 60,
  accountCeiling: 100,
  accountWindowSeconds: 60 * 60,
} as const;

const DEVICE_COOKIE = 'known_device';
const DEVICE_DAYS = 180;

/** The seconds an address waits after its `failures`-th failure on one account (0: none). */
export function backoffSeconds(failures: number): number {
  const over = failures - LOGIN_THROTTLE.freeFailures - 1;
  if (over < 0) return 0;
  return Math.min(LOGIN_THROTTLE.maxDelaySeconds, LOGIN_THROTTLE.firstDelaySeconds * 2 ** over);
}

const pairKey = (lockKey: string, ip: string) => `${lockKey}|${ip}`;
const retryOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Refuses (429 with Retry-After) an attempt that must wait; counts nothing. */
export async function checkLogin(
  ctx: AppContext,
  req: FastifyRequest,
  lockKey: string,
  userId: string | undefined,
): Promise<void> {
  const store = ctx.limiter.store;
  const wait = await store.get(`login-wait:${pairKey(lockKey, req.ip)}`);
  if (wait.count > 0) throw tooManyRequests(retryOf(wait.resetInMs));
  const account = await store.get(`login-account:${lockKey}`);
  if (account.count >= LOGIN_THROTTLE.accountCeiling && !(userId && isKnownDevice(ctx, req, userId)))
    throw tooManyRequests(retryOf(account.resetInMs));
}

/** Records a wrong password: counts it for the account and the pair, and starts the pair's wait. */
export async function failLogin(ctx: AppContext, req: FastifyRequest, lockKey: string): Promise<void> {
  const store = ctx.limiter.store;
  await store.increment(`login-account:${lockKey}`, LOGIN_THROTTLE.accountWindowSeconds * 1000);
  const pair = pairKey(lockKey, req.ip);
  const { count } = await store.increment(`login-pair:${pair}`, LOGIN_THROTTLE.pairWindowSeconds * 1000);
  const seconds = backoffSeconds(count);
  // Attempts are refused while the wait runs, so this window is always a fresh one.
  if (seconds > 0) await store.increment(`login-wait:${pair}`, seconds * 1000);
}

// ---- known devices -----------------------------------------------------------------------------

function sign(ctx: AppContext, payload: string): string {
  return createHmac('sha256', ctx.config.sessionSecret).update(`known-device:${payload}`).digest('base64url');
}

/** After a successful sign-in: this browser may sign in to the account past the ceiling. */
export function rememberDevice(ctx: AppContext, reply: FastifyReply, userId: string): void {
  const expires = Date.now() + DEVICE_DAYS * 86_400_000;
  const payload = `${userId}.${expires}.${randomBytes(8).toString('base64url')}`;
  reply.setCookie(DEVICE_COOKIE, `${payload}.${sign(ctx, payload)}`, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.isProduction,
    expires: new Date(expires),
  });
}

function isKnownDevice(ctx: AppContext, req: FastifyRequest, userId: string): boolean {
  const value = req.cookies[DEVICE_COOKIE];
  if (!value || value.length > 200) return false;
  const cut = value.lastIndexOf('.');
  const payload = value.slice(0, cut);
  const given = Buffer.from(value.slice(cut + 1));
  const expected = Buffer.from(sign(ctx, payload));
  if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const [owner, expires] = payload.split('.');
  return owner === userId && Number(expires) > Date.now();
}
