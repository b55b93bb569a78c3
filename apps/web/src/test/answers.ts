import type { MfaStatus } from '@indiesplit/shared/mfa';
import type { ProvidersResponse } from '@indiesplit/shared/oauth';
import { jsonResponse } from './render.tsx';

// Answers of the mock API that many screens ask for on the side: spelled out once, so that a test
// names them in its routes (an unforeseen request fails the test).

/** GET /api/mfa/: the member has no second factor. */
export const noSecondFactor = () =>
  jsonResponse(200, {
    totp_enabled: false,
    recovery_codes_left: 0,
    passkeys: [],
    enabled: false,
    session_verified: false,
  } satisfies MfaStatus);

/** GET /api/mfa/: an authenticator app, proven in this session (what the back office asks of staff). */
export const verifiedSecondFactor = () =>
  jsonResponse(200, {
    totp_enabled: true,
    recovery_codes_left: 10,
    passkeys: [],
    enabled: true,
    session_verified: true,
  } satisfies MfaStatus);

/** GET /api/auth/providers/: no social sign-in is configured. */
export const noSocialSignIn = () =>
  jsonResponse(200, {
    google_client_id: null,
    google_script_url: null,
    discord: false,
  } satisfies ProvidersResponse);

/** Any route: the server failed. */
export const serverError = () =>
  jsonResponse(500, { success: false, code: 'serverError', message: 'Something went wrong on our side.' });
