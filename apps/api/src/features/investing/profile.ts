import {
  type AnnexIICriterion,
  type BackofficeInvestorDto,
  type EvidenceDto,
  highAmountThresholdCents,
  type InvestorClass,
  type InvestorProfileDto,
  type KnowledgeTestRequest,
  type KnowledgeTestStatus,
  knowledgeValidUntil,
  type LossSimulationRequest,
  lossCapacityCents,
  netWorthCents,
  plusCalendarMonths,
  SOPHISTICATED_VALID_MONTHS,
  type SophisticatedDecisionRequest,
  type SophisticatedPersonType,
  type SophisticatedRequestStatus,
  wrongKnowledgeAnswers,
} from '@indiesplit/shared/investing';
import { parseEuroToCents } from '@indiesplit/shared/money';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import * as profileRepo from './profile-repo.ts';
import { isUuid } from './service.ts';
import { sophisticatedStatusEmail } from './sophisticated-emails.ts';

// The investor profile ECSP asks for before the first investment: the entry knowledge test (valid
// two years), the loss-bearing simulation, the tax residence (real euros), and the investor's
// class — non-sophisticated unless an admin approved their Annex II request, for two years
// (ADR 0033).

const toIso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function knowledgeStatus(p: profileRepo.ProfileRow | null, now: Date): KnowledgeTestStatus {
  if (!p?.knowledgeTakenAt) return 'missing';
  if (!p.knowledgePassed) return 'failed';
  if (!p.knowledgeValidUntil || p.knowledgeValidUntil <= now) return 'expired';
  return 'passed';
}

/** The class the invest rules apply: an approval counts until its end, even before the expiry job ran. */
function effectiveClass(p: profileRepo.ProfileRow | null, now: Date): InvestorClass {
  const running = p?.sophisticatedValidUntil && p.sophisticatedValidUntil > now;
  return p?.investorClass === 'sophisticated' && running ? 'sophisticated' : 'non_sophisticated';
}

export function toEvidenceDto(e: profileRepo.EvidenceRow): EvidenceDto {
  return {
    id: e.id,
    file_name: e.fileName,
    content_type: e.contentType as EvidenceDto['content_type'],
    size_bytes: e.sizeBytes,
    uploaded_at: e.createdAt.toISOString(),
  };
}

/** The request's Annex II details, as both the investor and the back office see them. */
function requestDetails(p: profileRepo.ProfileRow | null, evidence: profileRepo.EvidenceRow[]) {
  return {
    person_type: (p?.sophisticatedPersonType ?? null) as SophisticatedPersonType | null,
    criteria: (p?.sophisticatedCriteria ?? []) as AnnexIICriterion[],
    evidence: evidence.map(toEvidenceDto),
    decision_reason: p?.sophisticatedDecisionReason ?? null,
    valid_until: p?.investorClass === 'sophisticated' ? toIso(p.sophisticatedValidUntil) : null,
  };
}

export function toProfileDto(
  p: profileRepo.ProfileRow | null,
  emailVerified: boolean,
  evidence: profileRepo.EvidenceRow[] = [],
): InvestorProfileDto {
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
    investor_class: effectiveClass(p, now),
    sophisticated_request: {
      status: (p?.sophisticatedRequest ?? 'none') as SophisticatedRequestStatus,
      reason: p?.sophisticatedReason ?? null,
      requested_at: toIso(p?.sophisticatedRequestedAt),
      decided_at: toIso(p?.sophisticatedDecidedAt),
      ...requestDetails(p, evidence),
    },
    tax_residence:
      p?.taxResidenceCountry && p.taxResidenceAt
        ? { country: p.taxResidenceCountry, tax_id: p.taxId, recorded_at: p.taxResidenceAt.toISOString() }
        : null,
    high_amount_threshold_cents: highAmountThresholdCents(netWorth),
    ready: status === 'passed' && Boolean(simulated),
  };
}

export async function getProfile(ctx: AppContext, userId: string): Promise<InvestorProfileDto> {
  const row = await profileRepo.findProfile(ctx.db, userId);
  if (!row) throw notFound();
  const evidence = await profileRepo.evidenceOf(
    ctx.db,
    userId,
    row.profile?.sophisticatedRequestedAt ?? null,
  );
  return toProfileDto(row.profile, row.emailVerifiedAt !== null, evidence);
}

/** Records the test; it is passed when every risk question is answered right (retakes allowed). */
export async function takeKnowledgeTest(
  ctx: AppContext,
  userId: string,
  body: KnowledgeTestRequest,
): Promise<InvestorProfileDto> {
  const now = new Date();
  const passed = wrongKnowledgeAnswers(body.answers).length === 0;
  await profileRepo.upsertProfile(ctx.db, userId, {
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
  await profileRepo.upsertProfile(ctx.db, userId, {
    annualIncomeCents: income,
    liquidAssetsCents: liquid,
    annualCommitmentsCents: commitments,
    netWorthCents: netWorthCents(income, liquid, commitments),
  });
  return getProfile(ctx, userId);
}

// ---- back office -------------------------------------------------------------------------------

function toBackofficeDto(
  row: NonNullable<Awaited<ReturnType<typeof profileRepo.investorRow>>>,
  evidence: profileRepo.EvidenceRow[],
): BackofficeInvestorDto {
  const p = row.profile;
  return {
    user_id: p.userId,
    username: row.username,
    email: row.email,
    investor_class: effectiveClass(p, new Date()),
    knowledge_test: knowledgeStatus(p, new Date()),
    net_worth_cents: p.netWorthCents,
    sophisticated_request: p.sophisticatedRequest as SophisticatedRequestStatus,
    reason: p.sophisticatedReason,
    requested_at: toIso(p.sophisticatedRequestedAt),
    decided_at: toIso(p.sophisticatedDecidedAt),
    ...requestDetails(p, evidence),
  };
}

async function withEvidence(
  ctx: AppContext,
  row: NonNullable<Awaited<ReturnType<typeof profileRepo.investorRow>>>,
) {
  return toBackofficeDto(
    row,
    await profileRepo.evidenceOf(ctx.db, row.profile.userId, row.profile.sophisticatedRequestedAt),
  );
}

export async function listInvestors(
  ctx: AppContext,
  status: SophisticatedRequestStatus | undefined,
): Promise<BackofficeInvestorDto[]> {
  const rows = await profileRepo.listInvestors(ctx.db, status);
  return Promise.all(rows.map((row) => withEvidence(ctx, row)));
}

/**
 * Approves a waiting request (the investor becomes sophisticated for SOPHISTICATED_VALID_MONTHS: no
 * reflection period, no high-amount warning), refuses it with a reason, or withdraws an earlier
 * approval (reject). The investor is emailed and the decision audited, in the same transaction.
 */
export async function decideSophisticated(
  ctx: AppContext,
  adminId: string,
  userId: string,
  body: SophisticatedDecisionRequest,
): Promise<BackofficeInvestorDto> {
  if (!isUuid(userId)) throw notFound();
  const approve = body.decision === 'approve';
  await ctx.db.transaction(async (tx) => {
    const p = await profileRepo.lockProfile(tx, userId);
    if (!p) throw notFound();
    const waiting = p.sophisticatedRequest === 'requested';
    const approved = p.sophisticatedRequest === 'approved';
    if (approve ? !waiting : !(waiting || approved)) throw new AppError('sophisticatedNoRequest', 409);
    const now = new Date();
    const validUntil = approve ? plusCalendarMonths(now, SOPHISTICATED_VALID_MONTHS) : null;
    const reason = approve ? null : (body.reason ?? null);
    await profileRepo.upsertProfile(tx, userId, {
      sophisticatedRequest: approve ? 'approved' : 'rejected',
      investorClass: approve ? 'sophisticated' : 'non_sophisticated',
      sophisticatedDecidedBy: adminId,
      sophisticatedDecidedAt: now,
      sophisticatedDecisionReason: reason,
      sophisticatedValidUntil: validUntil,
      sophisticatedRemindedAt: null,
    });
    await recordEvent(tx, {
      userId,
      kind: 'sophisticated_status_changed',
      data: {
        decision: approve ? 'approved' : approved ? 'withdrawn' : 'refused',
        by: adminId,
        criteria: p.sophisticatedCriteria ?? [],
        ...(validUntil ? { valid_until: validUntil.toISOString() } : {}),
      },
    });
    const to = await profileRepo.recipientOf(tx, userId);
    if (to && !to.deletedAt) {
      await enqueueMail(
        tx,
        sophisticatedStatusEmail(
          { userId, ...to },
          approve ? 'sophisticatedApproved' : 'sophisticatedRefused',
          ctx.config.publicUrl,
          { until: validUntil, reason },
        ),
      );
    }
  });
  ctx.mail.nudge();
  const row = await profileRepo.investorRow(ctx.db, userId);
  if (!row) throw notFound();
  return withEvidence(ctx, row);
}
