// The address parameters of the social sign-in round trip, apart from the request schemas in
// oauth.ts: the web app's sign-in screens read them on first load and need no schema code for it.

/** Query parameter the server's Discord callback hands the web app: the one-time reference. */
export const DISCORD_REF_PARAM = 'discord_ref';
/** Query parameter carrying one of the OAuth error codes below back to the web app. */
export const OAUTH_ERROR_PARAM = 'oauth_error';
export const OAUTH_ERROR_CODES = [
  'oauthError',
  'oauthSessionExpired',
  'discordAuthFailed',
  'discordUserInfoFailed',
  'socialProviderDisabled',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];
