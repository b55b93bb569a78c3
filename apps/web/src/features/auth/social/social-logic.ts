import { isMessageKey } from '@indiesplit/shared/messages';
import type { OAuthProvider, SocialNotFoundResponse } from '@indiesplit/shared/oauth';
import type { DiscordSignUpData, GoogleSignUpData } from '../../../app/navigation-state.ts';
import { ApiError } from '../../../lib/api.ts';

// What a social sign-in's answer means for the screen (spec §4, §8), apart from React.

/** The navigation state /register needs for a first-time visitor, or null if the answer lacks it. */
export function signUpStateFrom(
  provider: OAuthProvider,
  token: string,
  answer: SocialNotFoundResponse,
): GoogleSignUpData | DiscordSignUpData | null {
  if (provider === 'google') {
    const info = answer.google_user_info;
    if (!info?.email) return null;
    return { provider, email: info.email, name: info.name, picture: info.picture, credential: token };
  }
  const info = answer.discord_user_info;
  if (!info?.email) return null;
  return {
    provider,
    email: info.email,
    username: info.username,
    global_name: info.global_name,
    avatar: info.avatar,
    access_token: token,
  };
}

/** What a 404 without the provider's details says (spec §8). */
export const missingInfoKey = (provider: OAuthProvider) =>
  provider === 'google' ? 'auth:errors.googleLoginFailed' : 'auth:errors.discordUserInfoFailed';

// Answers that say exactly what to do next are shown as they are; anything else gets the spec's
// provider-specific "login failed, try again".
const SPECIFIC = new Set([
  'socialEmailInUse',
  'socialEmailUnverified',
  'socialAlreadyRegistered',
  'socialIdentityInUse',
  'socialAlreadyLinked',
  'socialProviderDisabled',
  'oauthSessionExpired',
  'rateLimited',
]);

/** A translation key (with namespace) for a failed social sign-in or link. */
export function socialErrorKey(provider: OAuthProvider, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'errors:networkError';
    if (SPECIFIC.has(err.code) && isMessageKey(err.code)) return `errors:${err.code}`;
  }
  return provider === 'google' ? 'auth:errors.googleLoginFailed' : 'auth:errors.discordLoginFailed';
}
