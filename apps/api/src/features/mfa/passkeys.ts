import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import * as repo from './repo.ts';

// WebAuthn with a maintained library doing the protocol (attestation and assertion parsing,
// signature, origin, RP ID, flags). Here: the relying party from PUBLIC_URL, challenges kept
// server-side (single use, five minutes), and the credential store.

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function relyingParty(ctx: AppContext) {
  return { rpID: new URL(ctx.config.publicUrl).hostname, origin: ctx.config.publicOrigin };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** Takes (and so spends) a challenge, outside any transaction: a failed attempt spends it too. */
export async function challengeFor(
  db: Db,
  id: string,
  purpose: repo.ChallengePurpose,
  userId: string | null,
) {
  const row = UUID.test(id) ? await repo.takeChallenge(db, id, purpose, userId) : undefined;
  if (!row || row.expiresAt.getTime() < Date.now()) throw badRequest('passkeyChallengeExpired');
  return row.challenge;
}

export async function registrationOptions(ctx: AppContext, user: { id: string; username: string }) {
  const existing = await repo.passkeysOf(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: 'IndieSplit',
    rpID: relyingParty(ctx).rpID,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
    // Discoverable, so the same passkey also signs in without a username.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await repo.insertChallenge(ctx.db, {
    purpose: 'register',
    userId: user.id,
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

export async function verifyRegistration(
  ctx: AppContext,
  tx: Db,
  userId: string,
  input: { name: string; response: Record<string, unknown> },
  expectedChallenge: string,
) {
  const rp = relyingParty(ctx);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest('passkeyFailed');
  }
  if (!verified.verified) throw badRequest('passkeyFailed');
  const { credential } = verified.registrationInfo;
  const row = await repo.insertPasskey(tx, {
    userId,
    credentialId: credential.id,
    publicKey: b64(credential.publicKey),
    signCount: credential.counter,
    transports: (credential.transports ?? []).slice(0, 10),
    name: input.name,
  });
  if (!row) throw new AppError('passkeyAlreadyRegistered', 409);
  return row;
}

/**
 * Options for an assertion. With a user (second step, confirming an action) only their passkeys
 * are offered; without one (sign-in) the browser offers any discoverable passkey for this site.
 */
export async function assertionOptions(
  ctx: AppContext,
  purpose: 'signin' | 'second_step' | 'confirm',
  userId: string | null,
) {
  const allow = userId ? await repo.passkeysOf(ctx.db, userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    allowCredentials: allow.map((k) => ({ id: k.credentialId, transports: k.transports })),
    userVerification: purpose === 'signin' ? 'required' : 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await repo.insertChallenge(ctx.db, {
    purpose,
    userId,
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Verifies an assertion against a challenge made for `purpose` (and for `userId` when given) and
 * returns whose passkey it was. A sign-in needs user verification: the passkey is then both factors.
 */
export async function verifyAssertion(
  ctx: AppContext,
  input: { challenge_id: string; response: Record<string, unknown> },
  scope: { purpose: 'signin' | 'second_step' | 'confirm'; userId: string | null },
): Promise<string> {
  const tx = ctx.db;
  const expectedChallenge = await challengeFor(tx, input.challenge_id, scope.purpose, scope.userId);
  const response = input.response as unknown as AuthenticationResponseJSON;
  const credentialId = typeof response.id === 'string' ? response.id : '';
  const key = credentialId ? await repo.findPasskeyByCredential(tx, credentialId) : undefined;
  if (!key || (scope.userId !== null && key.userId !== scope.userId)) throw badRequest('passkeyFailed');
  const rp = relyingParty(ctx);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.credentialId,
        publicKey: bytesOf(key.publicKey),
        counter: key.signCount,
        transports: key.transports,
      },
      requireUserVerification: scope.purpose === 'signin',
    });
  } catch {
    throw badRequest('passkeyFailed');
  }
  if (!result.verified) throw badRequest('passkeyFailed');
  await repo.touchPasskey(tx, key.id, result.authenticationInfo.newCounter);
  return key.userId;
}
