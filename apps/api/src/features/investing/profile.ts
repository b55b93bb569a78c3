import {
  type BackofficeInvestorDto,
  highAmountThresholdCents,
  type InvestorClass,
  type InvestorProfileDto,
  type KnowledgeTestRequest,
  type KnowledgeTestStatus,
  knowledgeValidUntil,
  type LossSimulationRequest,
  lossCapacityCents,
  netWorthCents,
  type SophisticatedDecisionRequest,
  type SophisticatedRequestStatus,
  wrongKnowledgeAnswers,
} from '@indiesplit/shared/investing';
import { parseEuroToCents } from '@indiesplit/shared/money';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import { isUuid } from './service.ts';

// The investor profile ECSP asks for before the first investment: the entry knowledge test (valid
// two years), the loss-bearing simulation, and the investor's class — non-sophisticated unless an
// admin approved their request to be treated as sophisticated.

const toIso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function knowledgeStatus(p: repo.ProfileRow | null, now: Date): KnowledgeTestStatus {
  if (!p?.knowledgeTakenAt) return 'missing';
  if (!p.knowledgePassed) return 'failed';
  if (!p.knowledgeValidUntil || p.knowledgeValidUntil <= now) return 'expired';
  return 'passed';
}

export function toProfileDto(p: repo.ProfileRow | null, emailVerified: boolean): InvestorProfileDto {
  const now = new Date();
  const answers = (p?.knowledgeAnswers as Record<string, string> | null) ?? null;
  const status = knowledgeStatus(p, now);
  const netWorth = p?.netWorthCents ?? null;
  const simulated = p && netWorth !== null && p.annualIncomeCents !== null;
  return {
    email_verified: emailVerified,
    knowledge_test: {
      status,
      taken_at: toIso(p?.knowledgeTakenAt),
      valid_until: toIso(p?.knowledgeValidUntil),
      answers,
      wrong: answers ? wrongKnowledgeAnswers(answers) : [],
    },
    loss_simulation: simulated
      ? {
          annual_income_cents: p.annualIncomeCents ?? 0,
          liquid_assets_cents: p.liquidAssetsCents ?? 0,
          annual_commitments_cents: p.annualCommitmentsCents ?? 0,
          net_worth_cents: netWorth,
          loss_capacity_cents: lossCapacityCents(netWorth),
        }
      : null,
    investor_class: (p?.investorClass ?? 'non_sophisticated') as InvestorClass,
    sophisticated_request: {
      status: (p?.sophisticatedRequest ?? 'none') as SophisticatedRequestStatus,
      reason: p?.sophisticatedReason ?? null,
      requested_at: toIso(p?.sophisticatedRequestedAt),
      decided_at: toIso(p?.sophisticatedDecidedAt),
    },
    high_amount_threshold_cents: highAmountThresholdCents(netWorth),
    ready: status === 'passed' && Boolean(simulated),
  };
}

export async function getProfile(ctx: AppContext, userId: string): Promise<InvestorProfileDto> {
  const row = await repo.findProfile(ctx.db, userId);
  if (!row) throw notFound();
  return toProfileDto(row.profile, row.emailVerifiedAt !== null);
}

/** Records the test; it is passed when every risk question is answered right (retakes allowed). */
export async function takeKnowledgeTest(
  ctx: AppContext,
  userId: string,
  body: KnowledgeTestRequest,
): Promise<InvestorProfileDto> {
  const now = new Date();
  const passed = wrongKnowledgeAnswers(body.answers).length === 0;
  await repo.upsertProfile(ctx.db, userId, {
    knowledgeAnswers: body.answers,
    knowledgePassed: passed,
    knowledgeTakenAt: now,
    knowledgeValidUntil: passed ? knowledgeValidUntil(now) : null,
  });
  return getProfile(ctx, userId);
}

export async function saveLossSimulation(
  ctx: AppContext,
  userId: string,
  body: LossSimulationRequest,
): Promise<InvestorProfileDto> {
  // The schema already checked each amount; parse again to cents (never floats).
  const income = parseEuroToCents(body.annual_income);
  const liquid = parseEuroToCents(body.liquid_assets);
  const commitments = parseEuroToCents(body.annual_commitments);
  if (typeof income !== 'number' || typeof liquid !== 'number' || typeof commitments !== 'number')
    throw new AppError('invalidAmount', 400);
  await repo.upsertProfile(ctx.db, userId, {
    annualIncomeCents: income,
    liquidAssetsCents: liquid,
    annualCommitmentsCents: commitments,
    netWorthCents: netWorthCents(income, liquid, commitments),
  });
  return getProfile(ctx, userId);
}

export async function requestSophisticated(
  ctx: AppContext,
  userId: string,
  reason: string,
): Promise<InvestorProfileDto> {
  await ctx.db.transaction(async (tx) => {
    await repo.upsertProfile(tx, userId, {});
    const p = await repo.lockProfile(tx, userId);
    if (p?.sophisticatedRequest === 'requested') throw new AppError('sophisticatedAlreadyRequested', 409);
    if (p?.investorClass === 'sophisticated') throw new AppError('sophisticatedAlreadyApproved', 409);
    await repo.upsertProfile(tx, userId, {
      sophisticatedRequest: 'requested',
      sophisticatedReason: reason,
      sophisticatedRequestedAt: new Date(),
      sophisticatedDecidedAt: null,
      sophisticatedDecidedBy: null,
    });
  });
  return getProfile(ctx, userId);
}

// ---- back office -------------------------------------------------------------------------------

function toBackofficeDto(
  row: NonNullable<Awaited<ReturnType<typeof repo.investorRow>>>,
): BackofficeInvestorDto {
  const p = row.profile;
  return {
    user_id: p.userId,
    username: row.username,
    email: row.email,
    investor_class: p.investorClass as InvestorClass,
    knowledge_test: knowledgeStatus(p, new Date()),
    net_worth_cents: p.netWorthCents,
    sophisticated_request: p.sophisticatedRequest as SophisticatedRequestStatus,
    reason: p.sophisticatedReason,
    requested_at: toIso(p.sophisticatedRequestedAt),
    decided_at: toIso(p.sophisticatedDecidedAt),
  };
}

export async function listInvestors(
  ctx: AppContext,
  status: SophisticatedRequestStatus | undefined,
): Promise<BackofficeInvestorDto[]> {
  return (await repo.listInvestors(ctx.db, status)).map(toBackofficeDto);
}

/**
 * Approves a waiting request (the investor becomes sophisticated: no reflection period, no
 * high-amount warning), rejects it, or withdraws an earlier approval (reject).
 */
export async function decideSophisticated(
  ctx: AppContext,
  adminId: string,
  userId: string,
  body: SophisticatedDecisionRequest,
): Promise<BackofficeInvestorDto> {
  if (!isUuid(userId)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const p = await repo.lockProfile(tx, userId);
    if (!p) throw notFound();
    const waiting = p.sophisticatedRequest === 'requested';
    const approved = p.sophisticatedRequest === 'approved';
    if (body.decision === 'approve' ? !waiting : !(waiting || approved))
      throw new AppError('sophisticatedNoRequest', 409);
    await repo.upsertProfile(tx, userId, {
      sophisticatedRequest: body.decision === 'approve' ? 'approved' : 'rejected',
      investorClass: body.decision === 'approve' ? 'sophisticated' : 'non_sophisticated',
      sophisticatedDecidedBy: adminId,
      sophisticatedDecidedAt: new Date(),
    });
  });
  const row = await repo.investorRow(ctx.db, userId);
  if (!row) throw notFound();
  return toBackofficeDto(row);
}
