import type {
  AuthenticatedResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
} from '@indiesplit/shared/auth';
import { apiRequest } from '../../lib/api.ts';

// Fetchers of the /auth/* calls (spec §7). Screens call these, never fetch() directly.

export const getAuthenticated = (signal?: AbortSignal) =>
  apiRequest<AuthenticatedResponse>('/auth/authenticated/', { signal });

export const login = (body: LoginRequest) => apiRequest<LoginResponse>('/auth/', { json: body });

export const logout = () => apiRequest<MessageResponse>('/auth/logout/', { method: 'POST' });

export const register = (body: RegisterRequest) =>
  apiRequest<{ success: true; message: string; isEmailVerified: boolean; id: string }>('/auth/register/', {
    json: body,
  });

export interface SocialSignUp {
  username: string;
  email: string;
  newsletter: boolean;
}

export const googleSignUp = (body: SocialSignUp & { credential: string }) =>
  apiRequest<MessageResponse>('/auth/google/signup/', { json: body });

export const discordSignUp = (body: SocialSignUp & { access_token: string }) =>
  apiRequest<MessageResponse>('/auth/discord/signup/', { json: body });

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
