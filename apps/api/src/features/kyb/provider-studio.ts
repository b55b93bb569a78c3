import { createHash } from 'node:crypto';
import { plusCalendarMonths } from '@indiesplit/shared/investing';
import type {
  KybPayoutAccountConfirmDto,
  KybProviderStateDto,
  PayoutAccountStatus,
} from '@indiesplit/shared/kyb';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  type HookNotice,
  type KycDocument,
  type PaymentProvider,
  ProviderError,
  type UboDeclaration,
} from '../../platform/payments/provider.ts';
import {
  applyRecipient,
  confirmUrl,
  ensureRecipient,
  findRecipient,
  type RecipientRow,
} from '../../platform/payments/recipients.ts';
import * as prepo from './provider-repo.ts';
import * as repo from './repo.ts';

// A studio's verification through the payment provider (PAYMENTS=sandbox|mangopay; ADR 0036).
// The submission row is recorded first, exactly as in the manual path, with a row of its own here
// (provider_studio_kyb). Then it is sent: the studio's legal user (one per studio, kept across
// renewals), the registration proof as a KYC document with the uploaded file as its page, the UBO
// declaration with one UBO per owner, both submitted, and the studio's EUR wallet and its payout
// IBAN as a Recipient. Each id is recorded as the provider gives it, and every creation carries an
// idempotency key named after what it is for, so a send stopped by a fault is resumed by the job
// (or the studio's next visit) where it stopped, and makes nothing twice.
//
// The provider's events are applied by reading the document and the declaration back by id: the
// submission is approved by the system once both are VALIDATED, refused with the provider's reason
// when either is refused (or the declaration found incomplete). Staff may still decide by hand.
//
// The payout IBAN's Recipient is paid to only once the studio's representative has confirmed it
// with strong customer authentication on the provider's page (ACTIVE): the studio's page shows its
// state and sends the representative there (confirmPayoutAccount); until then a campaign's money
// waits in the studio's wallet.

/** An idempotency key for one purpose (32 hex characters, as the payments feature makes them). */
const keyFor = (purpose: string) => createHash('sha256').update(purpose).digest('hex').slice(0, 32);

/** How long one sender keeps a submission before another may take it over. */
const CLAIM_MS = 2 * 60 * 1000;

/**
 * The web app's studio verification page (apps/web paths.studioVerification), where the provider
 * brings the representative back after the confirmation.
 */
const VERIFICATION_PAGE = '/studio-verification';

/** Whether studios are verified by the provider here. */
export const kybAtProvider = (ctx: AppContext): boolean =>
  ctx.config.payments.mode !== 'manual' && ctx.payments.provider !== null;

export interface StudioAtProvider {
  providerUserId: string;
  walletId: string;
  /**
   * The recipient a payout goes to: the payout IBAN of the studio's running approval, confirmed by
   * its representative (ACTIVE). Null while it waits for the confirmation, or when it was not
   * confirmed, or when the account registered last is not the approved one: its money then waits
   * in its wallet.
   */
  recipientId: string | null;
}

/**
 * The studio's legal user and EUR wallet at the provider (the escrow is transferred there), once
 * both exist and the studio has an approval running; null otherwise. With them the recipient the
 * payouts go to, when there is one to pay now. A renewal sent with another IBAN registers that
 * account at once, but no money is paid to it before the renewal is approved: until then, or when
 * it is refused, the studio has no payout account here.
 */
export async function studioAtProvider(
  db: Db,
  studioUserId: string,
  now = new Date(),
): Promise<StudioAtProvider | null> {
  const row = await prepo.findStudio(db, studioUserId);
  if (!row?.walletId) return null;
  const approval = await repo.runningApproval(db, studioUserId, now);
  if (!approval) return null;
  const recipient =
    row.recipientId && row.iban && approval.payoutIban === row.iban
      ? await findRecipient(db, row.recipientId)
      : null;
  return {
    providerUserId: row.providerUserId,
    walletId: row.walletId,
    recipientId: recipient?.status === 'ACTIVE' && recipient.iban === row.iban ? recipient.recipientId : null,
  };
}

function providerOf(ctx: AppContext): PaymentProvider {
  const provider = ctx.payments.provider;
  if (!provider) throw new Error('no payment provider in manual mode');
  return provider;
}

// ---- sending -----------------------------------------------------------------------------------

export type SendOutcome = 'sent' | 'busy' | 'failed';

/**
 * Sends one submission to the provider, resuming where an earlier try stopped. A fault is recorded
 * on the row (last_error) and answers 'failed': the row waits for the next try, nothing is lost.
 */
export async function sendStudioKyb(ctx: AppContext, kybId: string, now = new Date()): Promise<SendOutcome> {
  const send = await prepo.claimSend(ctx.db, kybId, new Date(now.getTime() + CLAIM_MS), now);
  if (!send) return 'busy';
  try {
    await sendSteps(ctx, providerOf(ctx), send);
    await prepo.updateSend(ctx.db, kybId, { sentAt: new Date(), claimedUntil: null, lastError: null });
    return 'sent';
  } catch (err) {
    const message = String((err as Error)?.message ?? err).slice(0, 500);
    ctx.log.error(
      { kybId, err: message },
      "studio's verification not sent to the payment provider: tried again",
    );
    await prepo.updateSend(ctx.db, kybId, { claimedUntil: null, lastError: message });
    return 'failed';
  }
}

async function sendSteps(ctx: AppContext, provider: PaymentProvider, send: prepo.SendRow): Promise<void> {
  const row = await repo.findKyb(ctx.db, send.kybId);
  const account = row && (await repo.studioAccount(ctx.db, row.userId));
  const office = row?.registeredOffice;
  if (!row || !account || !office || !row.representativeResidence || !row.payoutIban)
    throw new Error('the submission lacks what the provider needs');
  const address = {
    line1: office.line1,
    city: office.city,
    postalCode: office.postal_code,
    country: office.country,
  };

  // The legal user: one per studio, reused by every renewal.
  let studio = await prepo.findStudio(ctx.db, row.userId);
  if (!studio) {
    const user = await provider.createLegalUser(
      {
        name: row.legalName,
        companyNumber: row.registrationNumber,
        email: account.email,
        headquarters: address,
        representative: {
          firstName: row.representativeFirstName,
          lastName: row.representativeLastName,
          birthDate: row.representativeBirthDate,
          nationality: row.representativeNationality,
          countryOfResidence: row.representativeResidence,
          email: row.representativeEmail,
        },
        tag: row.userId,
      },
      keyFor(`studio-user:${row.userId}`),
    );
    studio = await prepo.insertStudio(ctx.db, row.userId, user.id);
  }
  const userId = studio.providerUserId;

  // The registration proof: a document, the file as its page, submitted.
  let documentId = send.documentId;
  if (!documentId) {
    const doc = await provider.createKycDocument(
      userId,
      { type: 'REGISTRATION_PROOF', tag: row.id },
      keyFor(`kyb:${row.id}:document`),
    );
    documentId = doc.id;
    await prepo.updateSend(ctx.db, row.id, { documentId, documentStatus: doc.status });
  }
  if (!send.documentStatus || send.documentStatus === 'CREATED') {
    const docId = documentId;
    let doc = await provider.getKycDocument(docId);
    if (doc?.status === 'CREATED') {
      const file = await ctx.storage.get(row.documentKey);
      if (!file) throw new Error('the registration proof is missing from storage');
      await provider.addKycPage(userId, docId, file, keyFor(`kyb:${row.id}:page:1`));
      doc = await submitOnce(
        () => provider.submitKycDocument(userId, docId),
        () => provider.getKycDocument(docId),
      );
    }
    if (doc) await prepo.markSent(ctx.db, row.id, 'document', doc.status);
  }

  // The beneficial owners: a declaration, one UBO per owner in the submission's order, submitted.
  let declarationId = send.declarationId;
  if (!declarationId) {
    const declaration = await provider.createUboDeclaration(userId, keyFor(`kyb:${row.id}:declaration`));
    declarationId = declaration.id;
    await prepo.updateSend(ctx.db, row.id, { declarationId, declarationStatus: declaration.status });
  }
  if (!send.declarationStatus || send.declarationStatus === 'CREATED') {
    const declId = declarationId;
    let declaration = await provider.getUboDeclaration(declId);
    if (declaration?.status === 'CREATED') {
      // Owners the provider already holds are not added again, even once a key has run out.
      for (let i = Math.max(send.ubosSent, declaration.uboCount); i < row.ubos.length; i++) {
        const ubo = row.ubos[i];
        if (!ubo?.residence || !ubo.birthplace_city || !ubo.birthplace_country)
          throw new Error('an owner lacks what the provider needs');
        await provider.createUbo(
          userId,
          declId,
          {
            firstName: ubo.first_name,
            lastName: ubo.last_name,
            address: {
              line1: ubo.residence.line1,
              city: ubo.residence.city,
              postalCode: ubo.residence.postal_code,
              country: ubo.residence.country,
            },
            nationality: ubo.nationality,
            birthDate: ubo.birth_date,
            birthplace: { city: ubo.birthplace_city, country: ubo.birthplace_country },
          },
          keyFor(`kyb:${row.id}:ubo:${i}`),
        );
        await prepo.updateSend(ctx.db, row.id, { ubosSent: i + 1 });
      }
      declaration = await submitOnce(
        () => provider.submitUboDeclaration(userId, declId),
        () => provider.getUboDeclaration(declId),
      );
    }
    if (declaration) await prepo.markSent(ctx.db, row.id, 'declaration', declaration.status);
  }

  // Where the money raised goes: the studio's EUR wallet, and its IBAN in its legal name (a
  // recipient its representative confirms afterwards; see confirmPayoutAccount).
  if (!studio.walletId) {
    const wallet = await provider.createWallet(
      { ownerId: userId, description: 'IndieSplit studio EUR wallet', tag: row.userId },
      keyFor(`studio-wallet:${row.userId}`),
    );
    await prepo.updateStudio(ctx.db, row.userId, { walletId: wallet.id });
  }
  if (studio.iban !== row.payoutIban || !studio.recipientId) {
    const recipient = await ensureStudioRecipient(ctx, provider, userId, row);
    await prepo.updateStudio(ctx.db, row.userId, {
      recipientId: recipient.recipientId,
      iban: row.payoutIban,
    });
  }
}

/**
 * The studio's recipient for the submission's payout IBAN: the one waiting or confirmed, or a new
 * one (registered for the representative to confirm: USER_PRESENT), in the studio's legal name at
 * its registered office.
 */
function ensureStudioRecipient(
  ctx: AppContext,
  provider: PaymentProvider,
  providerUserId: string,
  row: repo.KybRow,
): Promise<RecipientRow> {
  const office = row.registeredOffice;
  if (!office || !row.payoutIban) throw new Error('the submission has no payout account');
  return ensureRecipient(
    ctx.db,
    provider,
    { userId: row.userId, providerUserId, purpose: 'studio_payout' },
    {
      holder: { type: 'Business', name: row.legalName },
      iban: row.payoutIban,
      address: {
        line1: office.line1,
        city: office.city,
        postalCode: office.postal_code,
        country: office.country,
      },
      scaContext: 'USER_PRESENT',
      tag: row.userId,
    },
  );
}

/**
 * A submission for validation is an update the provider takes no idempotency key for: when its
 * answer is lost and the retry is refused, the resource is read, and counts as submitted once it
 * has left CREATED.
 */
async function submitOnce<T extends { status: string }>(
  submit: () => Promise<T>,
  read: () => Promise<T | null>,
): Promise<T> {
  try {
    return await submit();
  } catch (err) {
    const current = await read();
    if (current && current.status !== 'CREATED') return current;
    throw err;
  }
}

/** Sends what waits to be sent (the job's round). */
export async function sendWaitingKyb(
  ctx: AppContext,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const round = { sent: 0, failed: 0 };
  if (!kybAtProvider(ctx)) return round;
  for (const kybId of await prepo.unsent(ctx.db, now, 50)) {
    const outcome = await sendStudioKyb(ctx, kybId, now);
    if (outcome === 'sent') round.sent++;
    else if (outcome === 'failed') round.failed++;
  }
  return round;
}

export function studioKybJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'provider-studio-kyb',
    intervalSeconds: ctx.payments.provider ? intervalSeconds : 0,
    tick: (now) => sendWaitingKyb(ctx, now),
  };
}

// ---- the provider's verdicts -------------------------------------------------------------------

export type StudioKybOutcome =
  | 'kyb_approved'
  | 'kyb_refused'
  | 'kyb_pending'
  | 'kyb_decided'
  | 'unknown_resource';

/**
 * A KYC_* or UBO_DECLARATION_* notice: the resource is read from the provider by id; one that is not
 * a submission's of ours is ignored. Then the submission's document and declaration are applied as
 * the provider has them now, whatever the notice said and in whatever order notices arrive.
 */
export async function applyStudioKybNotice(ctx: AppContext, notice: HookNotice): Promise<StudioKybOutcome> {
  const provider = providerOf(ctx);
  const isDocument = notice.eventType.startsWith('KYC_');
  const read = isDocument
    ? await provider.getKycDocument(notice.resourceId)
    : await provider.getUboDeclaration(notice.resourceId);
  const send =
    read &&
    (isDocument
      ? await prepo.findSendByDocument(ctx.db, read.id)
      : await prepo.findSendByDeclaration(ctx.db, read.id));
  if (!read || !send) {
    ctx.log.warn(
      { eventType: notice.eventType, resourceId: notice.resourceId },
      'verification event for a resource that is no submission of ours: ignored',
    );
    return 'unknown_resource';
  }
  return refreshStudioKyb(
    ctx,
    send.kybId,
    isDocument
      ? { document: read as KycDocument }
      : {
          declaration: read as UboDeclaration,
        },
  );
}

/** Reads a submission's document and declaration from the provider and applies them. */
export async function refreshStudioKyb(
  ctx: AppContext,
  kybId: string,
  known: { document?: KycDocument; declaration?: UboDeclaration } = {},
  now = new Date(),
): Promise<StudioKybOutcome> {
  const provider = providerOf(ctx);
  const send = await prepo.findSend(ctx.db, kybId);
  if (!send) return 'unknown_resource';
  const document =
    known.document ?? (send.documentId ? await provider.getKycDocument(send.documentId) : null);
  const declaration =
    known.declaration ?? (send.declarationId ? await provider.getUboDeclaration(send.declarationId) : null);
  return applyVerdicts(ctx, kybId, document, declaration, now);
}

const WHAT = { document: 'registration proof', declaration: 'declaration of beneficial owners' };

async function applyVerdicts(
  ctx: AppContext,
  kybId: string,
  document: KycDocument | null,
  declaration: UboDeclaration | null,
  now: Date,
): Promise<StudioKybOutcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockKyb(tx, kybId);
    const send = await prepo.findSend(tx, kybId);
    if (!row || !send) return 'unknown_resource';
    const statuses = {
      documentStatus: document?.status ?? send.documentStatus,
      declarationStatus: declaration?.status ?? send.declarationStatus,
    };
    // Decided already (by an earlier notice, or by staff): the statuses are kept, nothing moves.
    if (row.decision !== 'submitted') {
      await prepo.updateSend(tx, kybId, statuses);
      return 'kyb_decided';
    }
    let refusal: { refused: 'document' | 'declaration'; type: string; message: string | null } | null = null;
    if (document?.status === 'REFUSED')
      refusal = {
        refused: 'document',
        type: document.refusedReasonType ?? 'SPECIFIC_CASE',
        message: document.refusedReasonMessage,
      };
    else if (document?.status === 'OUT_OF_DATE')
      refusal = { refused: 'document', type: 'DOCUMENT_OUTDATED', message: null };
    else if (declaration?.status === 'REFUSED' || declaration?.status === 'INCOMPLETE')
      refusal = {
        refused: 'declaration',
        type: declaration.reason ?? 'SPECIFIC_CASE',
        message: declaration.message,
      };
    if (refusal) {
      const reason = `Refused by the payment provider (${WHAT[refusal.refused]}): ${refusal.type}${
        refusal.message ? ` — ${refusal.message}` : ''
      }`.slice(0, 2000);
      await repo.decide(tx, kybId, {
        decision: 'refused',
        decidedAt: now,
        decidedBy: null,
        refusalReason: reason,
        validUntil: null,
      });
      await prepo.updateSend(tx, kybId, {
        ...statuses,
        refused: refusal.refused,
        reasonType: refusal.type.slice(0, 64),
        reasonMessage: refusal.message?.slice(0, 500) ?? null,
      });
      await recordEvent(tx, {
        userId: row.userId,
        kind: 'kyb_refused',
        data: { kyb_id: kybId, by: null, provider: true, reason },
      });
      return 'kyb_refused';
    }
    if (document?.status === 'VALIDATED' && declaration?.status === 'VALIDATED') {
      const validUntil = plusCalendarMonths(now, ctx.config.kybValidMonths);
      await repo.decide(tx, kybId, {
        decision: 'approved',
        decidedAt: now,
        decidedBy: null,
        refusalReason: null,
        validUntil,
      });
      await prepo.updateSend(tx, kybId, statuses);
      await recordEvent(tx, {
        userId: row.userId,
        kind: 'kyb_approved',
        data: { kyb_id: kybId, by: null, provider: true, valid_until: validUntil.toISOString() },
      });
      return 'kyb_approved';
    }
    await prepo.updateSend(tx, kybId, statuses);
    return 'kyb_pending';
  });
}

// ---- what the studio sees ----------------------------------------------------------------------

/**
 * On the studio's visit: a submission not wholly sent is sent again, and one waiting for the
 * provider is read from it (as the identity check is, when its event has not arrived). A provider
 * fault leaves the page to show what is known.
 */
export async function syncStudioKyb(ctx: AppContext, kybId: string): Promise<void> {
  if (!kybAtProvider(ctx)) return;
  let send = await prepo.findSend(ctx.db, kybId);
  if (!send) return;
  if (!send.sentAt) {
    await sendStudioKyb(ctx, kybId);
    send = await prepo.findSend(ctx.db, kybId);
  }
  if (!send?.sentAt) return;
  try {
    await refreshStudioKyb(ctx, kybId);
  } catch (err) {
    ctx.log.warn(
      { kybId, err: String((err as Error)?.message ?? err) },
      'verification not read from the provider',
    );
  }
}

/** The latest submission's state at the provider, for the studio's page. */
export async function providerStateOf(
  ctx: AppContext,
  row: repo.KybRow | undefined,
): Promise<KybProviderStateDto | null> {
  if (!row) return null;
  const send = await prepo.findSend(ctx.db, row.id);
  if (!send) return null;
  const state =
    row.decision === 'approved'
      ? 'approved'
      : row.decision === 'refused'
        ? 'refused'
        : send.sentAt
          ? 'waiting'
          : 'sending';
  const sandbox = ctx.payments.sandbox;
  const payout = await payoutAccountOf(ctx.db, row);
  return {
    state,
    document_status: send.documentStatus,
    declaration_status: send.declarationStatus,
    refused: (send.refused as KybProviderStateDto['refused']) ?? null,
    reason_type: send.reasonType,
    reason_message: send.reasonMessage,
    sandbox_url: sandbox && state === 'waiting' ? `${sandbox.baseUrl}/sandbox/kyb` : null,
    payout_account: payout
      ? { iban: payout.recipient.iban, status: payout.recipient.status as PayoutAccountStatus }
      : null,
  };
}

/**
 * The payout account the studio's latest submission leaves it with: the recipient of that
 * submission's IBAN when it is the account registered last, or after a refusal the one of the
 * approval still running, when that is still its account. None before the send has registered it.
 */
async function payoutAccountOf(
  db: Db,
  latest: repo.KybRow,
  now = new Date(),
): Promise<{ studio: prepo.ProviderStudioRow; recipient: RecipientRow; row: repo.KybRow } | null> {
  const row = latest.decision === 'refused' ? await repo.runningApproval(db, latest.userId, now) : latest;
  const studio = row && (await prepo.findStudio(db, row.userId));
  if (!row || !studio?.recipientId || !row.payoutIban || studio.iban !== row.payoutIban) return null;
  const recipient = await findRecipient(db, studio.recipientId);
  return recipient ? { studio, recipient, row } : null;
}

/**
 * On the studio's visit: a payout account still waiting for its confirmation is read from the
 * provider, in case its event has not arrived (the representative is usually back from the
 * provider's page before it). A provider fault leaves the page to show what is known.
 */
export async function syncPayoutAccount(ctx: AppContext, row: repo.KybRow | undefined): Promise<void> {
  const provider = ctx.payments.provider;
  if (!kybAtProvider(ctx) || !provider || !row) return;
  const payout = await payoutAccountOf(ctx.db, row);
  if (payout?.recipient.status !== 'PENDING') return;
  try {
    const read = await provider.getRecipient(payout.recipient.recipientId);
    if (read) await applyRecipient(ctx.db, read);
  } catch (err) {
    ctx.log.warn(
      { recipientId: payout.recipient.recipientId, err: String((err as Error)?.message ?? err) },
      'payout account not read from the provider',
    );
  }
}

/**
 * The representative asks to confirm the studio's payout account: its current recipient (read
 * again while PENDING), or a new one when the last was not confirmed (CANCELED) or was deactivated,
 * and where to confirm it (null once ACTIVE). Only the studio's own account, in provider mode,
 * once the send has registered its IBAN (payoutAccountOf); a provider fault is a 503 with nothing
 * changed.
 */
export async function confirmPayoutAccount(
  ctx: AppContext,
  userId: string,
): Promise<KybPayoutAccountConfirmDto> {
  const account = await repo.studioAccount(ctx.db, userId);
  if (!account || account.deletedAt) throw notFound();
  if (!account.userTypes.includes('developer')) throw new AppError('kybDeveloperOnly', 403);
  const provider = ctx.payments.provider;
  if (!kybAtProvider(ctx) || !provider) throw new AppError('kybPayoutAccountManual', 409);
  const latest = (await repo.kybOf(ctx.db, userId))[0];
  const payout = latest ? await payoutAccountOf(ctx.db, latest) : null;
  if (!payout) throw new AppError('kybPayoutAccountMissing', 409);
  let recipient: RecipientRow;
  try {
    recipient = await ensureStudioRecipient(ctx, provider, payout.studio.providerUserId, payout.row);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.error({ err: err.message, status: err.status }, 'payment provider call failed');
    throw new AppError('paymentProviderUnavailable', 503, { retryAfterSeconds: 30 });
  }
  if (recipient.recipientId !== payout.studio.recipientId) {
    // A renewal with another IBAN sent meanwhile took the studio's place: this one is not its account.
    if (!(await prepo.setRecipient(ctx.db, userId, recipient.iban, recipient.recipientId)))
      throw new AppError('kybPayoutAccountMissing', 409);
  }
  return {
    status: recipient.status as PayoutAccountStatus,
    confirm_url: confirmUrl(recipient, `${ctx.config.publicUrl}${VERIFICATION_PAGE}`),
  };
}
