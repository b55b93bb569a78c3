import { createHash } from 'node:crypto';
import { INVESTABLE_CAMPAIGN_STATUSES } from '@indiesplit/shared/campaigns';
import {
  highAmountThresholdCents,
  IDEMPOTENCY_KEY_MAX,
  type InvestmentDto,
  type InvestmentStatus,
} from '@indiesplit/shared/investing';
import { centsToEuroString, MAX_EURO_CENTS } from '@indiesplit/shared/money';
import { CURRENCIES, type Currency } from '@indiesplit/shared/wallet';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { isPgError, retryingConflicts } from '../../platform/pg-errors.ts';
import { ensureKeyInformationVersion } from '../campaigns/commands/key-information-version.ts';
import type { CampaignRow } from '../campaigns/state.ts';
import { assertIdentityVerified } from '../identity/service.ts';
import { type AccountSpec, accountCode } from '../ledger/account-code.ts';
import { reserveOut } from '../ledger/commands/reserve-out.ts';
import * as ledger from '../ledger/service.ts';
import { notifyMilestones } from '../notifications/milestones.ts';
import { notifyMember } from '../notifications/service.ts';
import { conflictOfInterest, flagConflict } from './conflicts.ts';
import { investmentReservedEmail } from './emails.ts';
import { investorStanding } from './investor-standing.ts';
import * as repo from './repo.ts';

// Investing (ECSP safeguards, ADR 0011). The rules of one investment; its revocation is in
// commands/revoke-investment.ts, the portfolio in queries/portfolio.ts, and the investor profile
// (knowledge test, loss simulation, sophisticated status) in profile.ts.
//
// Lock order of an investment: the investor's wallet (ledger row), then the campaign row, then the
// campaign's escrow (ledger row) — the campaign is locked last and only for one statement and the
// commit, since every investor of a popular campaign queues on it. A revocation takes the wallet
// first too, then the campaign, the investment and the escrow, so the two queue on the wallet
// instead of deadlocking. The settlement locks the campaign first; the rare deadlock between it and
// an investment or revocation (an investor acting while their reservation is being settled) is
// retried here, whole, a few times, so a caller never sees it (ADR 0011).

export interface InvestInput {
  amount_cents: number;
  acknowledge_key_information: true;
  acknowledge_risk: true;
  high_amount_consent?: boolean;
  /** The currency the client means to pay in; refused unless it is the campaign's. */
  currency?: Currency;
  /** The key information sheet's version the investor read (ADR 0029). */
  key_information_version?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** "€1,000.00"-like text for error messages (the web app formats amounts itself). */
export function formatAmount(cents: number, currency: string): string {
  const euros = centsToEuroString(cents);
  return currency === 'DEMO' ? `${euros} demo EUR` : `${euros} EUR`;
}

function requestHash(campaignId: string, input: InvestInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        campaignId,
        input.amount_cents,
        input.currency ?? null,
        input.high_amount_consent === true,
      ]),
    )
    .digest('base64url');
}

const toIso = (d: Date | null) => (d ? d.toISOString() : null);

export function toInvestmentDto(
  inv: repo.InvestmentRow,
  campaign: repo.CampaignBrief,
  now: Date = new Date(),
): InvestmentDto {
  return {
    id: inv.id,
    campaign: {
      id: campaign.id,
      slug: campaign.slug,
      title: campaign.title,
      status: campaign.status as InvestmentDto['campaign']['status'],
      deadline_at: toIso(campaign.deadlineAt),
    },
    amount_cents: inv.amountCents,
    currency: inv.currency as Currency,
    status: inv.status as InvestmentStatus,
    created_at: inv.createdAt.toISOString(),
    reflection_ends_at: inv.reflectionEndsAt.toISOString(),
    revocable: inv.status === 'reserved' && now < inv.reflectionEndsAt,
    high_amount_consent: inv.highAmountConsentAt !== null,
    key_information_version: inv.keyInformationVersion ?? null,
    revoked_at: toIso(inv.revokedAt),
    settled_at: toIso(inv.settledAt),
  };
}

async function loadDto(db: Db, id: string): Promise<InvestmentDto> {
  const row = await repo.investmentWithCampaign(db, id);
  if (!row) throw notFound();
  return toInvestmentDto(row.investment, row.campaign);
}

/** The investment an earlier request with this key made, or a refusal when its body differed. */
async function replay(db: Db, existing: { id: string; requestHash: string | null }, hash: string) {
  if (existing.requestHash !== hash) throw new AppError('idempotencyKeyReused', 422);
  return { investment: await loadDto(db, existing.id), replayed: true };
}

// Ledger account ids never change once created: remembered per database so the hot path does not
// upsert them on every investment.
const accountIds = new WeakMap<Db, Map<string, string>>();
export async function accountId(db: Db, spec: AccountSpec): Promise<string> {
  let cache = accountIds.get(db);
  if (!cache) {
    cache = new Map();
    accountIds.set(db, cache);
  }
  const code = accountCode(spec);
  const known = cache.get(code);
  if (known) return known;
  const account = await ledger.ensureAccount(db, spec);
  if (cache.size > 50_000) cache.clear();
  cache.set(code, account.id);
  return account.id;
}

/** Lost a race in a way that leaves nothing to explain: the whole transaction is tried again. */
class TryAgain extends Error {}

/**
 * Runs a transaction, and again when PostgreSQL aborted it for a deadlock or a serialization
 * failure, or when it lost a race (TryAgain): never a refusal the caller should see.
 */
export const retrying = <T>(work: () => Promise<T>): Promise<T> =>
  retryingConflicts(work, { alsoRetry: (err) => err instanceof TryAgain, pauseMs: 8 });

type CampaignTerms = Pick<
  CampaignRow,
  | 'status'
  | 'startsAt'
  | 'deadlineAt'
  | 'developerId'
  | 'currency'
  | 'minTicketCents'
  | 'maxCents'
  | 'committedCents'
>;

/** Why the campaign does not take `amount` from this investor now, or null when it does. */
function campaignRefusal(
  campaign: CampaignTerms,
  userId: string,
  currency: Currency,
  amount: number,
  now: Date,
): AppError | null {
  if (!INVESTABLE_CAMPAIGN_STATUSES.includes(campaign.status as 'live'))
    return new AppError('campaignNotOpen', 409);
  if (campaign.startsAt && now < campaign.startsAt) return new AppError('campaignNotOpen', 409);
  if (!campaign.deadlineAt || now >= campaign.deadlineAt) return new AppError('campaignDeadlinePassed', 409);
  if (campaign.developerId === userId) return new AppError('cannotInvestOwnCampaign', 403);
  if (campaign.currency !== currency) return new AppError('currencyMismatch', 422);
  if (amount < campaign.minTicketCents)
    return new AppError('investBelowMinimum', 422, {
      params: { amount: formatAmount(campaign.minTicketCents, currency) },
      fields: { amount_cents: 'investBelowMinimum' },
    });
  const remaining = (campaign.maxCents ?? Number.MAX_SAFE_INTEGER) - campaign.committedCents;
  if (remaining <= 0) return new AppError('campaignFull', 409);
  if (amount > remaining)
    return new AppError('investAboveRemaining', 409, {
      params: { amount: formatAmount(remaining, currency) },
      fields: { amount_cents: 'investAboveRemaining' },
    });
  return null;
}

/**
 * Refuses (409 demoShareExceeded, rolled back) an investment that would give one member more than
 * DEMO_MEMBER_SHARE_PERCENT of a demo round's maximum. Run after the investment is counted.
 */
async function assertDemoShare(ctx: AppContext, tx: Db, campaignId: string, userId: string): Promise<void> {
  const { maxCents, totalCents } = await repo.investorShareOf(tx, campaignId, userId);
  if (maxCents === null) return;
  const capCents = Math.floor((maxCents * ctx.config.demoMemberSharePercent) / 100);
  if (totalCents <= capCents) return;
  throw new AppError('demoShareExceeded', 409, { fields: { amount_cents: 'demoShareExceeded' } });
}

function assertAmount(amount: unknown): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_EURO_CENTS)
    throw new AppError('investAmountInvalid', 422, { fields: { amount_cents: 'investAmountInvalid' } });
}

/**
 * Invests `amount_cents` of the investor's wallet in a live campaign: the money is reserved at
 * once (pending ledger transfer wallet -> campaign escrow) and the investment starts `reserved`.
 * The same idempotency key with the same request answers with the first investment
 * (`replayed: true`); with another request it is refused (422).
 */
export async function invest(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  input: InvestInput,
  idempotencyKey: string,
): Promise<{ investment: InvestmentDto; replayed: boolean }> {
  const db = ctx.db;
  if (!idempotencyKey || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)
    throw new AppError('idempotencyKeyRequired', 400);
  if (!isUuid(campaignId)) throw notFound();
  assertAmount(input.amount_cents);
  if (input.acknowledge_key_information !== true)
    throw new AppError('acknowledgeKeyInformation', 422, {
      fields: { acknowledge_key_information: 'acknowledgeKeyInformation' },
    });
  if (input.acknowledge_risk !== true)
    throw new AppError('acknowledgeRisk', 422, { fields: { acknowledge_risk: 'acknowledgeRisk' } });
  if (input.currency !== undefined && !(CURRENCIES as readonly string[]).includes(input.currency))
    throw new AppError('currencyMismatch', 422);
  const seen = input.key_information_version;
  if (seen !== undefined && (typeof seen !== 'number' || !Number.isSafeInteger(seen) || seen <= 0))
    throw new AppError('keyInformationChanged', 409);
  const hash = requestHash(campaignId, input);

  // Before the lock: who the investor is, and whether this key was already used.
  const pre = await repo.readInvestContext(db, userId, campaignId, idempotencyKey);
  if (!pre) throw notFound();
  if (pre.existingId) return replay(db, { id: pre.existingId, requestHash: pre.existingHash }, hash);
  if (!pre.campaignCurrency) throw notFound();
  const currency = pre.campaignCurrency as Currency;
  if (input.currency !== undefined && input.currency !== currency)
    throw new AppError('currencyMismatch', 422, { fields: { currency: 'currencyMismatch' } });
  // Real money needs a proven address; the demo is open to every member.
  if (currency === 'EUR' && !pre.emailVerifiedAt) throw new AppError('emailNotVerifiedToInvest', 403);
  // Where a payment provider holds the money, its identity check comes first (ADR 0039).
  if (currency === 'EUR') await assertIdentityVerified(ctx, db, userId);
  const now = new Date();
  if (!pre.knowledgePassed || pre.netWorthCents === null || pre.netWorthCents === undefined)
    throw new AppError('investorProfileRequired', 409);
  if (!pre.knowledgeValidUntil || pre.knowledgeValidUntil <= now)
    throw new AppError('knowledgeTestExpired', 409);
  // Tax residence for real euros, and whether an approval as sophisticated still runs (ADR 0033).
  const { sophisticated } = await investorStanding(db, userId, currency, now);
  let highAmountConsent = false;
  if (!sophisticated) {
    const threshold = highAmountThresholdCents(pre.netWorthCents);
    if (input.amount_cents > threshold) {
      if (input.high_amount_consent !== true)
        throw new AppError('highAmountConsentRequired', 422, {
          params: { amount: formatAmount(threshold, currency) },
          fields: { high_amount_consent: 'highAmountConsentRequired' },
        });
      highAmountConsent = true;
    }
  }
  // The campaign as last committed: an early answer for a campaign that cannot take the money, with
  // no lock taken. The guarded update under the lock below decides.
  const terms: CampaignTerms = {
    status: pre.campaignStatus ?? 'cancelled', // no such campaign: never open
    startsAt: pre.campaignStartsAt ?? null,
    deadlineAt: pre.campaignDeadlineAt ?? null,
    developerId: pre.campaignDeveloperId ?? null,
    currency,
    minTicketCents: pre.campaignMinTicketCents ?? 0,
    maxCents: pre.campaignMaxCents ?? null,
    committedCents: pre.campaignCommittedCents ?? 0,
  };
  const early = campaignRefusal(terms, userId, currency, input.amount_cents, now);
  if (early) throw early;
  // The sheet the investor read must be the current one (a campaign published before versions
  // existed gets its first version now). The guarded update below checks it again under the lock.
  const current = pre.campaignKeyInformationVersion ?? (await ensureKeyInformationVersion(ctx, campaignId));
  if (seen !== undefined && seen !== current) throw new AppError('keyInformationChanged', 409);
  // Staff who reviewed or decided the pitch are refused; other staff and the studio's people flagged.
  const conflict = await conflictOfInterest(db, userId, campaignId);
  const reflectionEndsAt = sophisticated
    ? now
    : new Date(now.getTime() + (pre.campaignReflectionSeconds ?? 0) * 1000);
  const [walletId, escrowId] = await Promise.all([
    accountId(db, { kind: 'wallet', currency, userId }),
    accountId(db, { kind: 'escrow', currency, campaignId }),
  ]);

  try {
    const investment = await retrying(() =>
      db.transaction(async (tx) => {
        // 1. The investor's part, under the wallet's lock only: reserve the money (a pending ledger
        //    transfer wallet -> escrow, the wallet's reserved total raised).
        const reserveTransferId = await reserveOut(tx, {
          debitAccountId: walletId,
          creditAccountId: escrowId,
          amount: input.amount_cents,
          currency,
          kind: 'investment',
          createdBy: userId,
        });
        if (reserveTransferId === undefined) throw new AppError('insufficientFunds', 409);
        // 2. The shared rows, last: the campaign's totals (if it still takes the money), the
        //    escrow's announced total and the investment. The campaign's lock is held from here to
        //    the commit.
        const committed = await repo.commitToCampaign(tx, {
          campaignId,
          investorId: userId,
          amountCents: input.amount_cents,
          currency,
          escrowId,
          reserveTransferId,
          reflectionEndsAt,
          acknowledgedAt: now,
          highAmountConsentAt: highAmountConsent ? now : null,
          idempotencyKey,
          requestHash: hash,
          statuses: INVESTABLE_CAMPAIGN_STATUSES,
          keyInformationVersion: seen ?? null,
        });
        if (!committed) {
          // Refused: say why, from the campaign as it is now (the error rolls everything back).
          const latest = await repo.readCampaign(tx, campaignId);
          if (!latest) throw notFound();
          const refusal = campaignRefusal(latest, userId, currency, input.amount_cents, now);
          if (refusal) throw refusal;
          if (seen !== undefined && latest.keyInformationVersion !== seen)
            throw new AppError('keyInformationChanged', 409);
          throw new TryAgain();
        }
        const { campaign } = committed;
        // Virtual money is plentiful: without a cap one member could fill a whole demo round.
        // Checked with the campaign's lock held, so two investments of one member queue here.
        if (currency === 'DEMO') await assertDemoShare(ctx, tx, campaignId, userId);
        // The receipt, in the same transaction: notified and sent if and only if the money was
        // reserved. A mandatory type (ADR 0037): the receipt goes at once whatever the preferences.
        await notifyMember(tx, ctx.config.publicUrl, {
          type: 'investment_received',
          userId,
          campaign: { id: campaignId, title: campaign.title, slug: campaign.slug ?? campaignId },
          subjectId: committed.id,
          data: { amount_cents: input.amount_cents, currency },
          mail: investmentReservedEmail(
            { to: pre.email, userId, language: asLanguage(pre.language), name: pre.username },
            { title: campaign.title, slug: campaign.slug ?? campaignId, currency },
            {
              amountCents: input.amount_cents,
              revocableUntil: sophisticated ? null : reflectionEndsAt,
              keyInformationVersion: committed.keyInformationVersion,
            },
            ctx.config.publicUrl,
          ),
        });
        // Half or all of the goal passed: investors and followers are told, once (ADR 0037).
        const { totals } = committed;
        const facts = { id: campaignId, title: campaign.title, slug: campaign.slug ?? campaignId, ...totals };
        await notifyMilestones(
          tx,
          ctx.config.publicUrl,
          facts,
          totals.committedCents - input.amount_cents,
          totals.committedCents,
        );
        await flagConflict(tx, committed.id, conflict);
        const row: repo.InvestmentRow = {
          id: committed.id,
          campaignId,
          investorId: userId,
          amountCents: input.amount_cents,
          currency,
          status: 'reserved',
          reserveTransferId,
          settleTransferId: null,
          reflectionEndsAt,
          acknowledgedAt: now,
          highAmountConsentAt: highAmountConsent ? now : null,
          keyInformationVersion: committed.keyInformationVersion,
          idempotencyKey,
          requestHash: hash,
          revokedAt: null,
          settledAt: null,
          conflictOfInterest: conflict,
          createdAt: now,
          updatedAt: now,
        };
        return toInvestmentDto(row, campaign, now);
      }),
    );
    return { investment, replayed: false };
  } catch (err) {
    // A request with the same key may have won while this one waited for the lock (double
    // click, retry after a timeout): whatever made this one fail, the first answer is the answer.
    const winner = await repo.findByKey(db, userId, idempotencyKey);
    if (winner) return replay(db, winner, hash);
    if (isPgError(err, '23514', 'campaigns_committed_within_cap')) throw new AppError('campaignFull', 409);
    // The database's own overdraft check: the last word if a rule above were ever wrong.
    if (isPgError(err, '23514', 'ledger_accounts_no_overdraft')) throw new AppError('insufficientFunds', 409);
    if (err instanceof TryAgain) throw new AppError('campaignFull', 409);
    throw err;
  }
}
