import { CSRF_COOKIE, CSRF_HEADER } from '@indiesplit/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { hmac, randomToken, safeEqual } from './crypto.ts';
import { forbidden } from './errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection as the spec's browser expects it (a `csrftoken` cookie echoed in `X-CSRFToken`),
 * hardened: the token is an HMAC over a nonce and the session it was issued for, so a token from
 * before login, from another session or forged into the cookie by a sibling subdomain is refused;
 * and the Origin (or Referer) of an unsafe request must be our own.
 */
export class Csrf {
  private readonly config: Config;
  private readonly allowedOrigins: Set<string>;

  constructor(config: Config) {
    this.config = config;
    this.allowedOrigins = new Set([config.publicOrigin, ...config.trustedOrigins]);
  }

  /** binding: the session's id hash, or 'anonymous' before login. */
  issue(reply: FastifyReply, binding: string): string {
    const nonce = randomToken(18);
    const token = `${nonce}.${hmac(this.config.sessionSecret, `${binding}.${nonce}`)}`;
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      httpOnly: false, // the browser reads it to echo it in the header
      sameSite: 'lax',
      secure: this.config.isProduction,
      maxAge: 60 * 60 * 24 * 365,
    });
    return token;
  }

  isValid(token: string, binding: string): boolean {
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    return safeEqual(mac, hmac(this.config.sessionSecret, `${binding}.${nonce}`));
  }

  /** Throws 403 for an unsafe request without a valid token or from a foreign origin. */
  verify(req: FastifyRequest, binding: string): void {
    if (!UNSAFE_METHODS.has(req.method)) return;
    if (!this.originAllowed(req)) throw forbidden('csrfFailed');
    const header = req.headers[CSRF_HEADER];
    const cookie = req.cookies[CSRF_COOKIE];
    if (
      typeof header !== 'string' ||
      !cookie ||
      !safeEqual(header, cookie) ||
      !this.isValid(header, binding)
    ) {
      throw forbidden('csrfFailed');
    }
  }

  private originAllowed(req: FastifyRequest): boolean {
    const origin = req.headers.origin;
    if (typeof origin === 'string') return origin !== 'null' && this.allowedOrigins.has(origin);
    const referer = req.headers.referer;
    if (typeof referer === 'string') {
      return URL.canParse(referer) && this.allowedOrigins.has(new URL(referer).origin);
    }
    // Browsers send Origin on every unsafe cross-site request; a request without either header is
    // not a browser's forged form post, and still needs the token.
    return true;
  }
}
