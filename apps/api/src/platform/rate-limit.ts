import { Redis } from 'ioredis';
import { tooManyRequests } from './errors.ts';

// Fixed-window counters. In memory for one process; in Redis (REDIS_URL) when several API
// instances must share them, so an attacker gains nothing by spreading attempts across instances.

export interface Window {
  count: number;
  resetInMs: number;
}

export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<Window>;
  get(key: string): Promise<Window>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async increment(key: string, windowMs: number): Promise<Window> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  async get(key: string): Promise<Window> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  private sweep() {
    const now = Date.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

/** What `/api/health` reports about the rate limits. */
export type RateLimitMode = 'memory' | 'redis' | 'degraded';

interface WarnLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Counters in Redis, shared by every instance. When Redis cannot answer (down, unreachable, slow)
 * the limits fall back to this instance's memory rather than failing the request: a login must
 * not answer 500 because a cache is away. The fallback is logged once per outage (not once per
 * request or reconnect attempt), reported by `mode` for the health check, and ends by itself: the
 * client keeps reconnecting, and the first `ready` puts the shared counters back in use.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly log: WarnLogger | undefined;
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimitStore();
  private degraded = false;
  private readonly firstReady: Promise<void>;

  constructor(url: string, log?: WarnLogger) {
    this.log = log;
    this.redis = new Redis(url, {
      // Fail fast while disconnected instead of queueing requests behind a dead connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 2_000,
      // Keep trying for ever, at most every 5 s: that is how the shared limits come back.
      retryStrategy: (times) => Math.min(times * 200, 5_000),
      lazyConnect: false,
    });
    // Without a listener every failed reconnect would be an unhandled 'error' event.
    this.redis.on('error', (err) => this.degrade(err));
    this.redis.on('ready', () => this.recover());
    this.firstReady = new Promise((resolve) => {
      this.redis.once('ready', () => resolve());
      this.redis.once('error', () => resolve());
    });
  }

  get mode(): RateLimitMode {
    return this.degraded || this.redis.status !== 'ready' ? 'degraded' : 'redis';
  }

  /** Waits (at most `ms`) for the first connection attempt, so a starting instance shares at once. */
  async waitReady(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.firstReady,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }

  private degrade(err: unknown) {
    if (this.degraded) return;
    this.degraded = true;
    this.log?.warn(
      { event: 'rate_limit_degraded', err: err instanceof Error ? { message: err.message } : String(err) },
      'Redis is unreachable: rate limits fall back to this instance until it answers again',
    );
  }

  private recover() {
    if (!this.degraded) return;
    this.degraded = false;
    this.log?.info({ event: 'rate_limit_recovered' }, 'Redis answers again: rate limits are shared again');
  }

  private async attempt<T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') {
      if (this.redis.status !== 'connecting' && this.redis.status !== 'connect')
        this.degrade('not connected');
      return fallback();
    }
    try {
      return await work();
    } catch (err) {
      this.degrade(err);
      return fallback();
    }
  }

  increment(key: string, windowMs: number): Promise<Window> {
    return this.attempt(
      async () => {
        const k = `rl:${key}`;
        const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
        const count = Number(result?.[0]?.[1] ?? 1);
        const ttl = Number(result?.[2]?.[1] ?? windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      },
      () => this.fallback.increment(key, windowMs),
    );
  }

  get(key: string): Promise<Window> {
    return this.attempt(
      async () => {
        const k = `rl:${key}`;
        const result = await this.redis.multi().get(k).pttl(k).exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        const ttl = Number(result?.[1]?.[1] ?? 0);
        return { count, resetInMs: Math.max(ttl, 0) };
      },
      () => this.fallback.get(key),
    );
  }

  async close() {
    await this.fallback.close();
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

export interface Rule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Limits of the account endpoints, per IP and per account. Generous for people, tight for scripts. */
export const RULES = {
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 5 * 60 },
  // Wrong passwords are slowed per (account, address) with a per-account ceiling: see
  // features/auth/login-throttle.ts.
  registerPerIp: { name: 'register-ip', limit: 10, windowSeconds: 60 * 60 },
  recoverPerIp: { name: 'recover-ip', limit: 10, windowSeconds: 60 * 60 },
  recoverPerEmail: { name: 'recover-email', limit: 3, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset-ip', limit: 20, windowSeconds: 60 * 60 },
  resetPerAccount: { name: 'reset-account', limit: 10, windowSeconds: 60 * 60 },
  resendPerIp: { name: 'resend-ip', limit: 10, windowSeconds: 60 * 60 },
  verifyPerIp: { name: 'verify-ip', limit: 30, windowSeconds: 10 * 60 },
  passwordChangeFailuresPerAccount: { name: 'password-change-account', limit: 10, windowSeconds: 15 * 60 },
  // Pitches: anonymous forms, so per IP; a submission may carry 25 MB of PDF to parse.
  addContactPerIp: { name: 'add-contact-ip', limit: 10, windowSeconds: 60 * 60 },
  submitProjectPerIp: { name: 'submit-project-ip', limit: 10, windowSeconds: 60 * 60 },
  // complaints (ADR 0030): filing, and the status look-up of the emailed link
  fileComplaintPerIp: { name: 'file-complaint-ip', limit: 5, windowSeconds: 60 * 60 },
  complaintLookupPerIp: { name: 'complaint-lookup-ip', limit: 60, windowSeconds: 10 * 60 },
  // social sign-in (ADR 0007)
  oauthStartPerIp: { name: 'oauth-start-ip', limit: 30, windowSeconds: 10 * 60 },
  oauthLoginPerIp: { name: 'oauth-login-ip', limit: 30, windowSeconds: 5 * 60 },
  oauthSignupPerIp: { name: 'oauth-signup-ip', limit: 10, windowSeconds: 60 * 60 },
  oauthLinkPerAccount: { name: 'oauth-link-account', limit: 20, windowSeconds: 60 * 60 },
  // community (ADR 0038): bursts of posts and reports per account and per address; the daily cap
  // per account is counted in the database (features/community/commands/post.ts)
  communityPostPerAccount: { name: 'community-post-account', limit: 5, windowSeconds: 10 * 60 },
  communityPostPerIp: { name: 'community-post-ip', limit: 30, windowSeconds: 10 * 60 },
  communityReportPerAccount: { name: 'community-report-account', limit: 20, windowSeconds: 60 * 60 },
  newsletterUnsubscribePerIp: { name: 'newsletter-unsubscribe-ip', limit: 60, windowSeconds: 10 * 60 },
} satisfies Record<string, Rule>;

export class RateLimiter {
  readonly store: RateLimitStore;

  constructor(store: RateLimitStore) {
    this.store = store;
  }

  /** Counts one attempt and refuses it (429 with Retry-After) once the window is full. */
  async consume(rule: Rule, subject: string): Promise<void> {
    const w = await this.store.increment(`${rule.name}:${subject}`, rule.windowSeconds * 1000);
    if (w.count > rule.limit) throw tooManyRequests(Math.max(1, Math.ceil(w.resetInMs / 1000)));
  }

  /** Refuses when earlier failures filled the window, without counting this attempt. */
  async check(rule: Rule, subject: string): Promise<void> {
    const w = await this.store.get(`${rule.name}:${subject}`);
    if (w.count >= rule.limit) throw tooManyRequests(Math.max(1, Math.ceil(w.resetInMs / 1000)));
  }

  /** Records a failure for `check`. */
  async fail(rule: Rule, subject: string): Promise<void> {
    await this.store.increment(`${rule.name}:${subject}`, rule.windowSeconds * 1000);
  }

  /** `memory` (one instance), `redis` (shared), or `degraded` (Redis configured but not answering). */
  get mode(): RateLimitMode {
    return this.store instanceof RedisRateLimitStore ? this.store.mode : 'memory';
  }

  close() {
    return this.store.close();
  }
}
