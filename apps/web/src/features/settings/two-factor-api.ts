import type { MessageResponse } from '@indiesplit/shared/auth';
import type { MfaStatus } from '@indiesplit/shared/mfa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The /mfa/* calls of Settings → Security (ADR 0016).

export const mfaKeys = { status: ['mfa'] as const };

export const fetchMfaStatus = (signal?: AbortSignal) => apiRequest<MfaStatus>('/mfa/', { signal });

export const mfaStatusQuery = () =>
  queryOptions({ queryKey: mfaKeys.status, queryFn: ({ signal }) => fetchMfaStatus(signal) });

export const useMfaStatus = () => useQuery(mfaStatusQuery());

export const setupTotp = () =>
  apiRequest<{ secret: string; otpauth_url: string; qr_svg: string }>('/mfa/totp/setup', { method: 'POST' });

export const enableTotp = (body: { password: string; code: string }) =>
  apiRequest<{ recovery_codes: string[] | null }>('/mfa/totp/enable', { json: body });

export const disableTotp = (password: string) =>
  apiRequest<MessageResponse>('/mfa/totp/disable', { json: { password } });

export const regenerateRecoveryCodes = (password: string) =>
  apiRequest<{ codes: string[] }>('/mfa/recovery-codes', { json: { password } });

export const passkeyRegistrationOptions = () =>
  // biome-ignore lint/suspicious/noExplicitAny: handed as is to the WebAuthn browser library
  apiRequest<{ challenge_id: string; options: any }>('/mfa/passkeys/options', { method: 'POST' });

export const registerPasskey = (body: { challenge_id: string; name: string; response: unknown }) =>
  apiRequest<{ recovery_codes: string[] | null }>('/mfa/passkeys', { json: body });

export const removePasskey = (id: string, password: string) =>
  apiRequest<MessageResponse>(`/mfa/passkeys/${encodeURIComponent(id)}/remove`, { json: { password } });

/** A passkey challenge to confirm an action of this account (a withdrawal). */
export const confirmOptions = () =>
  // biome-ignore lint/suspicious/noExplicitAny: handed as is to the WebAuthn browser library
  apiRequest<{ challenge_id: string; options: any }>('/mfa/confirm/options', { method: 'POST' });

/** Asks the browser to create a passkey; the WebAuthn helper library is fetched only now. */
export async function createPasskey(options: unknown): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({
    optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
}
