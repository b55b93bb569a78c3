import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { signUpStateFrom, socialErrorKey } from './social-logic.ts';

const notFound = { success: false as const, code: 'socialAccountNotFound', message: 'x', error: 'x' };

describe('signUpStateFrom', () => {
  it('hands /register the verified Google details and the credential', () => {
    expect(
      signUpStateFrom('google', 'id-token', {
        ...notFound,
        google_user_info: { email: 'ada@example.com', name: 'Ada L', picture: null },
      }),
    ).toEqual({
      provider: 'google',
      email: 'ada@example.com',
      name: 'Ada L',
      picture: null,
      credential: 'id-token',
    });
  });

  it('hands /register the Discord details and the one-time reference as access_token', () => {
    expect(
      signUpStateFrom('discord', 'ref-123', {
        ...notFound,
        discord_user_info: { username: 'pix', global_name: 'Pix El', email: 'pix@example.com', avatar: 'ab' },
      }),
    ).toEqual({
      provider: 'discord',
      username: 'pix',
      global_name: 'Pix El',
      email: 'pix@example.com',
      avatar: 'ab',
      access_token: 'ref-123',
    });
  });

  it('is null when the answer lacks the provider details (spec: discordUserInfoFailed)', () => {
    expect(signUpStateFrom('discord', 'ref', notFound)).toBeNull();
    expect(signUpStateFrom('google', 'tok', { ...notFound, discord_user_info: undefined })).toBeNull();
  });
});

describe('socialErrorKey', () => {
  const api = (status: number, code: string) => new ApiError({ status, code });

  it('keeps answers that tell the person what to do', () => {
    expect(socialErrorKey('google', api(409, 'socialEmailInUse'))).toBe('errors:socialEmailInUse');
    expect(socialErrorKey('discord', api(403, 'socialEmailUnverified'))).toBe('errors:socialEmailUnverified');
    expect(socialErrorKey('discord', api(400, 'oauthSessionExpired'))).toBe('errors:oauthSessionExpired');
    expect(socialErrorKey('google', api(429, 'rateLimited'))).toBe('errors:rateLimited');
  });

  it('falls back to the spec’s provider texts, and says when the network failed', () => {
    expect(socialErrorKey('google', api(401, 'googleLoginFailed'))).toBe('auth:errors.googleLoginFailed');
    expect(socialErrorKey('google', api(500, 'serverError'))).toBe('auth:errors.googleLoginFailed');
    expect(socialErrorKey('discord', api(500, 'serverError'))).toBe('auth:errors.discordLoginFailed');
    expect(socialErrorKey('discord', new Error('boom'))).toBe('auth:errors.discordLoginFailed');
    expect(socialErrorKey('discord', api(0, 'networkError'))).toBe('errors:networkError');
  });
});
