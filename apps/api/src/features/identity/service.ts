import type { Db } from '../../db/client.ts';
import type { IdentityStatus } from '../../db/schema-payments.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repo.ts';

// A member's identity check (ADR 0039): the state the payment provider's hosted verification left,
// and the rule that real euros move only for a verified member when a provider holds the money.
// The payments feature drives the check; investing and funds ask here before moving euros.

export type { IdentityRow } from './repo.ts';

export interface Identity {
  status: IdentityStatus;
  reason: string | null;
  providerUserId: string | null;
  sessionId: string | null;
  attempts: number;
}

export async function identityOf(db: Db, userId: string): Promise<Identity> {
  const row = await repo.findIdentity(db, userId);
  return {
    status: (row?.status as IdentityStatus | undefined) ?? 'not_started',
    reason: row?.reason ?? null,
    providerUserId: row?.providerUserId ?? null,
    sessionId: row?.sessionId ?? null,
    attempts: row?.attempts ?? 0,
  };
}

/**
 * Refuses (403 identityNotVerified) to move real euros for a member whose identity the provider
 * has not verified. Manual mode has no provider check: the admins who record transfers know the
 * payer (ADR 0013), so it lets everyone through as before.
 */
export async function assertIdentityVerified(ctx: AppContext, db: Db, userId: string): Promise<void> {
  if (ctx.config.payments.mode === 'manual') return;
  const { status } = await identityOf(db, userId);
  if (status !== 'verified') throw new AppError('identityNotVerified', 403);
}

export const lockIdentity = repo.lockIdentity;
export const updateIdentity = repo.updateIdentity;
export const findIdentityByProviderUser = repo.findIdentityByProviderUser;
