import type {
  AuthenticatedResponse,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
} from '@indiesplit/shared/auth';
import { CSRF_COOKIE } from '@indiesplit/shared/constants';
import type { LoginRequest } from '@indiesplit/shared/login';
import type { MfaMethod } from '@indiesplit/shared/mfa';
import type {
  DiscordSignUpRequest,
  GoogleSignUpRequest,
  OAuthProvider,
  ProvidersResponse,
  SocialNotFoundResponse,
  SocialSignUpResponse,
} from '@indiesplit/shared/oauth';
import { API_BASE, ApiError, apiRequest, fetchCsrfToken } from '../../lib/api.ts';
import { readCookie } from '../../lib/cookies.ts';

// Fetchers of the /auth/* calls (spec §7). Screens call these, never fetch() directly.

export const getAuthenticated = (signal?: AbortSignal) =>
  apiRequest<AuthenticatedResponse>('/auth/authenticated/', { signal });

export const login = (body: LoginRequest) => apiRequest<LoginResponse>('/auth/', { json: body });

export const logout = () => apiRequest<MessageResponse>('/auth/logout/', { method: 'POST' });

export const register = (body: RegisterRequest) =>
  apiRequest<{ success: true; message: string; isEmailVerified: boolean; id: string }>('/auth/register/', {
    json: body,
  });

export const googleSignUp = (body: GoogleSignUpRequest) =>
  apiRequest<SocialSignUpResponse>('/auth/google/signup/', { json: body });

export const discordSignUp = (body: DiscordSignUpRequest) =>
  apiRequest<SocialSignUpResponse>('/auth/discord/signup/', { json: body });

/** Which sign-in buttons to show: asked at run time, so one build serves every deployment. */
export const getProviders = () => apiRequest<ProvidersResponse>('/auth/providers/');

export type SocialLoginResult =
  | { kind: 'loggedIn'; isEmailVerified: boolean; secondFactor?: MfaMethod[] }
  | { kind: 'notFound'; answer: SocialNotFoundResponse };

/**
 * POST /auth/google/ or /auth/discord/. A first-time visitor's 404 is an outcome, not a failure:
 * its body carries what /register prefills, which the shared client does not keep, so this call
 * reads the answer itself (same CSRF echo and one retry as the shared client).
 */
export async function socialLogin(provider: OAuthProvider, token: string): Promise<SocialLoginResult> {
  const path = provider === 'google' ? '/auth/google/' : '/auth/discord/';
  const json = provider === 'google' ? { credential: token } : { access_token: token };
  const send = async (fresh: boolean) => {
    const csrf = (!fresh && readCookie(CSRF_COOKIE)) || (await fetchCsrfToken());
    return fetch(`${API_BASE}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(csrf ? { 'X-CSRFToken': csrf } : {}),
      },
      body: JSON.stringify(json),
    });
  };
  let res: Response;
  let body: Record<string, unknown> | null;
  try {
    res = await send(false);
    body = await res.json().catch(() => null);
    if (res.status === 403 && body?.code === 'csrfFailed') {
      res = await send(true);
      body = await res.json().catch(() => null);
    }
  } catch {
    throw new ApiError({ status: 0, code: 'networkError' });
  }
  if (res.ok) {
    const isEmailVerified = body?.isEmailVerified === true;
    // A second factor is owed: no session yet, the login screen asks for it next.
    const methods = (body?.second_factor as { methods?: MfaMethod[] } | undefined)?.methods;
    return methods?.length
      ? { kind: 'loggedIn', isEmailVerified, secondFactor: methods }
      : { kind: 'loggedIn', isEmailVerified };
  }
  if (res.status === 404 && body?.code === 'socialAccountNotFound') {
    return { kind: 'notFound', answer: body as unknown as SocialNotFoundResponse };
  }
  throw new ApiError({
    status: res.status,
    code: typeof body?.code === 'string' ? body.code : 'oauthError',
    serverMessage: typeof body?.message === 'string' ? body.message : undefined,
    retryAfter: typeof body?.retry_after === 'number' ? body.retry_after : undefined,
  });
}

/** Where the browser goes to sign in with Discord (a full-page navigation, not a fetch). */
export function discordStartUrl(purpose: 'login' | 'link', from: 'welcome' | 'login' | 'settings'): string {
  return `${API_BASE}/auth/discord/start?${new URLSearchParams({ purpose, from })}`;
}

export const verifyEmail = (userId: string, code: string) =>
  apiRequest<MessageResponse>(
    `/auth/verify-email/${encodeURIComponent(userId)}/${encodeURIComponent(code)}/`,
  );

export const recoverPassword = (email: string) =>
  apiRequest<MessageResponse>('/auth/recover-password/', { json: { email } });

export const resetPassword = (body: {
  user_id: string;
  user_token: string;
  new_password: string;
  re_new_password: string;
}) => apiRequest<MessageResponse>('/auth/reset-password/', { json: body });

export const resendVerificationEmail = () =>
  apiRequest<MessageResponse>('/auth/resend-verification-email/', { method: 'POST' });
