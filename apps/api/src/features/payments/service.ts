import { createHash } from 'node:crypto';
import type {
  IdentityStatusName,
  PayinReturnDecision,
  PayinReturnDto,
  PaymentAccountDto,
  SuspenseItemDto,
} from '@indiesplit/shared/payments';
import type { Db } from '../../db/client.ts';
import type { IdentityStatus } from '../../db/schema-payments.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type IdentityVerificationSession,
  type PayIn,
  type PaymentProvider,
  ProviderError,
} from '../../platform/payments/provider.ts';
import { creditProviderPayIn } from '../funds/service.ts';
import * as identity from '../identity/service.ts';
import * as ledger from '../ledger/service.ts';
import { creditPayInAtOnce, payInTarget } from './credit-payin.ts';
import { askReturn, type ReturnSide } from './payin-return.ts';
import * as repo from './repo.ts';

// Client money through the payment provider (ADR 0039). A member verifies their identity on the
// provider's hosted page; once verified they get a provider user's EUR wallet and a personal IBAN.
// Money arriving there is applied to the ledger once per provider pay-in id, through the funds
// feature's deposit-credit path; a payer whose name is not the member's is parked in the suspense
// account until an admin assigns it or sends it back (payin-return.ts).

/** A stable idempotency key for one purpose (16 to 36 characters, as the provider asks). */
export const keyFor = (purpose: string) => createHash('sha256').update(purpose).digest('hex').slice(0, 32);

export function providerOf(ctx: AppContext): PaymentProvider {
  const provider = ctx.payments.provider;
  if (!provider) throw new AppError('paymentsManual', 409);
  return provider;
}

/** A provider fault becomes 503 with nothing changed; our own errors pass through. */
export async function atProvider<T>(ctx: AppContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.error({ err: err.message, status: err.status }, 'payment provider call failed');
    throw new AppError('paymentProviderUnavailable', 503, { retryAfterSeconds: 30 });
  }
}

// ---- identity --------------------------------------------------------------------------------

const STATUS_OF: Record<IdentityVerificationSession['status'], IdentityStatus> = {
  PENDING: 'pending',
  REVIEW: 'pending',
  VALIDATED: 'verified',
  REFUSED: 'refused',
  ERROR: 'refused',
  OUT_OF_DATE: 'expired',
  TIMEOUT: 'expired',
};

/** Starts a hosted identity check and answers where to send the member. */
export async function startIdentityCheck(ctx: AppContext, userId: string): Promise<{ hosted_url: string }> {
  const provider = providerOf(ctx);
  const names = await repo.memberNames(ctx.db, userId);
  if (!names || names.deletedAt) throw new AppError('notFound', 404);
  if (!names.firstName.trim() || !names.lastName.trim()) throw new AppError('identityNamesRequired', 422);
  const current = await identity.identityOf(ctx.db, userId);
  if (current.status === 'verified') throw new AppError('identityAlreadyVerified', 409);
  // The provider's user, made once (the key makes a retried or racing creation the same user).
  let providerUserId = current.providerUserId;
  if (!providerUserId) {
    const user = await atProvider(ctx, () =>
      provider.createNaturalUser(
        {
          firstName: names.firstName.trim(),
          lastName: names.lastName.trim(),
          email: names.email,
          tag: userId,
        },
        keyFor(`user:${userId}`),
      ),
    );
    providerUserId = user.id;
  }
  // A pending session is offered again; a refused or expired one is followed by a new one.
  const attempt = current.status === 'pending' ? current.attempts : current.attempts + 1;
  const returnUrl = `${ctx.config.publicUrl}/portfolio/wallet?identity=returned`;
  const session = await atProvider(ctx, () =>
    provider.startIdentityVerification(providerUserId, returnUrl, keyFor(`idv:${userId}:${attempt}`)),
  );
  await ctx.db.transaction(async (tx) => {
    await identity.lockIdentity(tx, userId);
    await identity.updateIdentity(tx, userId, {
      providerUserId,
      status: 'pending',
      sessionId: session.id,
      attempts: attempt,
      reason: null,
    });
  });
  return { hosted_url: session.hostedUrl };
}

/**
 * Applies an identity session read from the provider. Only the member's current session counts
 * (an event of an older one, late or out of order, changes nothing), and a verified member stays
 * verified. Answers whether the member is now verified.
 */
export async function applyIdentitySession(
  ctx: AppContext,
  session: IdentityVerificationSession,
): Promise<boolean> {
  const row = await identity.findIdentityByProviderUser(ctx.db, session.userId);
  if (!row) {
    ctx.log.warn({ sessionId: session.id }, 'identity session of an unknown provider user ignored');
    return false;
  }
  const status = STATUS_OF[session.status];
  const verified = await ctx.db.transaction(async (tx) => {
    const locked = await identity.lockIdentity(tx, row.userId);
    if (locked.status === 'verified') return true;
    if (locked.sessionId !== session.id) return false;
    if (locked.status !== status || locked.reason !== session.reason)
      await identity.updateIdentity(tx, row.userId, {
        status,
        reason: status === 'refused' ? (session.reason ?? 'REFUSED') : null,
        verifiedAt: status === 'verified' ? new Date() : null,
      });
    return status === 'verified';
  });
  if (verified) await openAccounts(ctx, row.userId);
  return verified;
}

/** The verified member's EUR wallet and personal IBAN at the provider, made once. */
export async function openAccounts(ctx: AppContext, userId: string): Promise<void> {
  if (await repo.findAccount(ctx.db, userId)) return;
  const provider = providerOf(ctx);
  const { providerUserId } = await identity.identityOf(ctx.db, userId);
  if (!providerUserId) return;
  const wallet = await atProvider(ctx, () =>
    provider.createWallet(
      { ownerId: providerUserId, description: 'IndieSplit EUR wallet', tag: userId },
      keyFor(`wallet:${userId}`),
    ),
  );
  const va = await atProvider(ctx, () => provider.createVirtualAccount(wallet.id, keyFor(`iban:${userId}`)));
  await repo.insertAccount(ctx.db, {
    userId,
    walletId: wallet.id,
    virtualAccountId: va.id,
    iban: va.iban,
    bic: va.bic,
    holderName: va.holderName,
  });
}

/** What the wallet screen shows: the mode, the identity check and the personal IBAN. */
export async function paymentAccount(ctx: AppContext, userId: string): Promise<PaymentAccountDto> {
  const mode = ctx.config.payments.mode;
  if (mode === 'manual')
    return { mode, identity: { status: 'not_started', reason: null }, account: null, sandbox_bank_url: null };
  let current = await identity.identityOf(ctx.db, userId);
  // Back from the hosted page before the provider's event arrived: read the session ourselves.
  if (current.status === 'pending' && current.sessionId) {
    const sessionId = current.sessionId;
    const session = await atProvider(ctx, () => providerOf(ctx).getIdentityVerification(sessionId));
    if (session) await applyIdentitySession(ctx, session);
    current = await identity.identityOf(ctx.db, userId);
  } else if (current.status === 'verified') {
    await openAccounts(ctx, userId);
  }
  const account = await repo.findAccount(ctx.db, userId);
  const sandbox = ctx.payments.sandbox;
  return {
    mode,
    identity: { status: current.status as IdentityStatusName, reason: current.reason },
    account: account ? { iban: account.iban, bic: account.bic, holder_name: account.holderName } : null,
    sandbox_bank_url:
      sandbox && account
        ? `${sandbox.baseUrl}/sandbox/bank?${new URLSearchParams({ iban: account.iban, payer: account.holderName })}`
        : null,
  };
}

// ---- pay-ins ---------------------------------------------------------------------------------

const normalName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z\s'-]/g, ' ')
    .split(/[\s'-]+/)
    .filter(Boolean);

/** Whether the payer's name is the member's: every word of their first and last name, any order. */
export function payerIsMember(payerName: string | null, firstName: string, lastName: string): boolean {
  if (!payerName) return false;
  const payer = new Set(normalName(payerName));
  const member = normalName(`${firstName} ${lastName}`);
  return member.length > 0 && member.every((w) => payer.has(w));
}

export type PayinOutcome = 'credited' | 'suspense' | 'duplicate' | 'ignored';

/**
 * Applies a pay-in read from the provider, once: its id is claimed in provider_payins in the same
 * transaction that moves the ledger, so a duplicate or racing event finds it taken.
 */
export async function applyPayIn(ctx: AppContext, payin: PayIn): Promise<PayinOutcome> {
  if (payin.status !== 'SUCCEEDED') return 'ignored';
  let account = await payInTarget(ctx.db, payin.creditedWalletId);
  const amount = payin.amount.amount;
  const valueDate = (payin.executedAt ?? new Date()).toISOString().slice(0, 10);
  // The common case in one statement (credit-payin.ts); what it leaves (a payer who is not the
  // member, an account deleted, a bank id already used) is applied below, step by step. A member
  // kept from an earlier read who is no longer so is read again first.
  for (;;) {
    // Not a member's wallet: the hook tries the campaigns' revenue wallets next (hooks.ts).
    if (!account) return 'ignored';
    if (!Number.isSafeInteger(amount) || amount <= 0) return 'ignored';
    if (!account.deleted && payerIsMember(payin.payerName, account.firstName, account.lastName)) {
      const fast = await creditPayInAtOnce(ctx.db, payin, account, valueDate, ctx.config.publicUrl);
      if (fast === 'credited') ctx.mail.nudge();
      if (fast) return fast;
    }
    if (!account.kept) break;
    account = await payInTarget(ctx.db, payin.creditedWalletId, { fresh: true });
  }
  const { userId } = account;
  const outcome = await ctx.db.transaction(async (tx): Promise<PayinOutcome> => {
    const names = await repo.memberNames(tx, userId);
    const matches =
      !!names && !names.deletedAt && payerIsMember(payin.payerName, names.firstName, names.lastName);
    const claimed = await repo.claimPayin(tx, {
      payinId: payin.id,
      userId,
      amountCents: amount,
      payerName: payin.payerName,
      payerIban: payin.payerIban,
      outcome: matches ? 'credited' : 'suspense',
    });
    if (!claimed) return 'duplicate';
    if (matches) {
      const credited = await creditProviderPayIn(ctx, tx, {
        userId,
        amountCents: amount,
        payinId: payin.id,
        payerName: payin.payerName,
        valueDate,
      });
      if (credited) {
        await repo.setPayinOutcome(tx, payin.id, { depositId: credited.depositId });
        return 'credited';
      }
    }
    await park(tx, payin.id, amount);
    await repo.setPayinOutcome(tx, payin.id, { outcome: 'suspense' });
    return 'suspense';
  });
  if (outcome === 'credited') ctx.mail.nudge();
  return outcome;
}

async function suspenseAccounts(tx: Db) {
  return {
    suspense: await ledger.ensureAccount(tx, { kind: 'suspense', currency: 'EUR' }),
    world: await ledger.ensureAccount(tx, { kind: 'world', currency: 'EUR' }),
  };
}

async function park(tx: Db, payinId: string, amount: number): Promise<void> {
  const { suspense, world } = await suspenseAccounts(tx);
  await ledger.transfer(tx, {
    debitAccountId: world.id,
    creditAccountId: suspense.id,
    amount,
    currency: 'EUR',
    kind: 'deposit_suspense',
    reference: payinId,
    idempotencyKey: `suspense:${payinId}`,
  });
}

async function release(
  tx: Db,
  payinId: string,
  amount: number,
  kind: string,
  by: string | null,
): Promise<void> {
  const { suspense, world } = await suspenseAccounts(tx);
  await ledger.transfer(tx, {
    debitAccountId: suspense.id,
    creditAccountId: world.id,
    amount,
    currency: 'EUR',
    kind,
    reference: payinId,
    idempotencyKey: `release:${payinId}`,
    ...(by ? { createdBy: by } : {}),
  });
}

export async function listSuspense(ctx: AppContext): Promise<SuspenseItemDto[]> {
  const rows = await repo.listParked(ctx.db);
  return rows.map((r) => ({
    payin_id: r.payinId,
    amount_cents: r.amountCents,
    payer_name: r.payerName,
    user_id: r.userId,
    username: r.username,
    member_name: r.firstName || r.lastName ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : null,
    received_at: r.createdAt.toISOString(),
    payer_iban: r.payerIban,
    state: r.outcome === 'returning' ? ('returning' as const) : ('parked' as const),
    return_payout_id: r.returnPayoutId,
    return_failure: r.outcome === 'returning' ? null : r.returnFailure,
  }));
}

const notParked = () => new AppError('payinNotParked', 409);

/** An admin credits a parked pay-in to the member whose IBAN received it (the payer was theirs). */
export async function assignSuspense(ctx: AppContext, adminId: string, payinId: string, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockParkedPayin(tx, payinId);
    if (!row?.userId) throw notParked();
    // A return was asked and its answer never seen: its payout may have taken the money from the
    // wallet. Sending it back again finds that payout (payin-return.ts); crediting it could not.
    if (row.returnAskedAt && !row.returnPayoutId) throw new AppError('payinReturnInProgress', 409);
    await release(tx, payinId, row.amountCents, 'deposit_suspense_assigned', adminId);
    const credited = await creditProviderPayIn(ctx, tx, {
      userId: row.userId,
      amountCents: row.amountCents,
      payinId,
      payerName: row.payerName,
      valueDate: new Date().toISOString().slice(0, 10),
    });
    if (!credited) throw notParked();
    await repo.setPayinOutcome(tx, payinId, {
      outcome: 'assigned',
      depositId: credited.depositId,
      decidedBy: adminId,
    });
    await recordEvent(tx, {
      userId: adminId,
      kind: 'payment_suspense_decided',
      ip,
      data: { payinId, decision: 'assigned', memberId: row.userId, amountCents: row.amountCents },
    });
  });
  ctx.mail.nudge();
}

/**
 * The member's parked pay-ins as the return sees them (payin-return.ts): the member's wallet, paid
 * back from by their provider user; the holding leaves the suspense as `deposit_returned`.
 */
export const memberReturns: ReturnSide = {
  table: 'provider_payins',
  ownerColumn: 'user_id',
  tagPrefix: 'payin-return',
  notParked,
  async owner(ctx, row) {
    if (!row.ownerRef) return null;
    const account = await repo.findAccount(ctx.db, row.ownerRef);
    const { providerUserId } = await identity.identityOf(ctx.db, row.ownerRef);
    if (!account || !providerUserId) return null;
    return { walletId: account.walletId, providerUserId, userId: row.ownerRef };
  },
  release: (tx, row) => release(tx, row.payinId, row.amountCents, 'deposit_returned', row.decidedBy),
  audit: (row) => ({ memberId: row.ownerRef }),
};

/** An admin sends a parked pay-in back to the account it came from (payin-return.ts). */
export function returnSuspense(
  ctx: AppContext,
  adminId: string,
  payinId: string,
  address: PayinReturnDecision['address'],
  ip: string,
): Promise<PayinReturnDto> {
  return askReturn(ctx, memberReturns, { id: adminId, ip }, payinId, address);
}
