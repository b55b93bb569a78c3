import type { LoginResponse } from '@indiesplit/shared/auth';
import type { SecondFactorProof } from '@indiesplit/shared/mfa';
import { apiRequest } from '../../lib/api.ts';

// Fetchers of the login's second step and of passkey sign-in (ADR 0016).

export interface PasskeyOptions {
  challenge_id: string;
  // biome-ignore lint/suspicious/noExplicitAny: handed as is to the WebAuthn browser library
  options: any;
}

export const completeLogin = (proof: SecondFactorProof) =>
  apiRequest<LoginResponse>('/mfa/login', { json: proof });

export const secondStepPasskeyOptions = () =>
  apiRequest<PasskeyOptions>('/mfa/login/passkey-options', { method: 'POST' });

export const signInOptions = () => apiRequest<PasskeyOptions>('/mfa/signin/options', { method: 'POST' });

export const signInWithPasskey = (challenge_id: string, response: unknown) =>
  apiRequest<LoginResponse>('/mfa/signin', { json: { challenge_id, response } });

/**
 * Asks the browser for a passkey assertion. The WebAuthn helper library is fetched only here, when
 * someone chooses a passkey, so the login screen stays as light as before.
 */
export async function assertPasskey(options: PasskeyOptions['options']): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

/** A passkey proof for the login second step or an action to confirm, made from fresh options. */
export async function passkeyProof(getOptions: () => Promise<PasskeyOptions>): Promise<SecondFactorProof> {
  const { challenge_id, options } = await getOptions();
  const response = await assertPasskey(options);
  return { passkey: { challenge_id, response: response as Record<string, unknown> } };
}
