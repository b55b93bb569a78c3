import {
  AUDIT_PAGE_SIZE,
  type BackofficePitchDetail,
  type BackofficePitchSummary,
  type ContactDto,
  type DecisionRequest,
  PITCH_STATUSES,
  type PitchEventDto,
  type PitchQuery,
  type PitchStatus,
  type ReviewDto,
  type ReviewRequest,
  type StaffRole,
  type StaffUserDto,
} from '@indiesplit/shared/pitches';
import type { Db } from '../../db/client.ts';
import { isStaffRole, type Staff } from '../../platform/access.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { createDraft } from '../campaigns/commands/create-draft.ts';
import * as pitches from '../pitches/service.ts';
import * as users from '../users/service.ts';
import { authorizeQueueAdmin as requireAdmin, reviewerScope, seesEveryPitch } from './policies.ts';
import * as repo from './repo.ts';

// The back office: admins run the queue (assign, decide, call back); reviewers score the pitches
// assigned to them. Who may see or do what is in policies.ts; the routes resolve the caller.

// --- presenters ---------------------------------------------------------------------------------

function toStaffDto(row: repo.StaffRow): StaffUserDto {
  const name = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    username: row.username,
    name: name || row.username,
    email: row.email,
    role: isStaffRole(row.role) ? row.role : 'reviewer',
  };
}

const statusOrNull = (value: string | null): PitchStatus | null =>
  value !== null && (PITCH_STATUSES as readonly string[]).includes(value) ? (value as PitchStatus) : null;

function toEventDto(row: Awaited<ReturnType<typeof repo.eventsOf>>[number]): PitchEventDto {
  const { event } = row;
  return {
    id: event.id,
    pitch_id: event.pitchId,
    project_name: row.projectName,
    actor: event.actorId ? { id: event.actorId, username: row.actorUsername ?? '' } : null,
    from_status: statusOrNull(event.fromStatus),
    to_status: statusOrNull(event.toStatus) ?? 'submitted',
    message: event.message,
    created_at: event.createdAt.toISOString(),
  };
}

function toReviewDto(row: Awaited<ReturnType<typeof repo.reviewsOf>>[number]): ReviewDto {
  const { review } = row;
  const average = (review.team + review.game + review.market + review.budgetRealism) / 4;
  return {
    id: review.id,
    reviewer: { id: review.reviewerId, username: row.username },
    revision: review.revision,
    team: review.team,
    game: review.game,
    market: review.market,
    budget_realism: review.budgetRealism,
    comment: review.comment,
    average: Math.round(average * 100) / 100,
    updated_at: review.updatedAt.toISOString(),
  };
}

const toScore = (value: string | null) => (value === null ? null : Number(value));

// --- the queue ----------------------------------------------------------------------------------

/** Reviewers see only what is assigned to them, and only their own scores. */
export async function listPitches(
  ctx: AppContext,
  staff: Staff,
  query: PitchQuery,
): Promise<BackofficePitchSummary[]> {
  const reviewerId = reviewerScope(staff);
  const rows = await repo.listQueue(ctx.db, query, reviewerId);
  return rows.map(({ pitch, reviewCount, averageScore }) => ({
    id: pitch.id,
    project_name: pitch.projectName,
    name: pitch.name,
    email: pitch.email,
    status: pitches.statusOf(pitch),
    expected_production_budget_cents: pitch.productionBudgetCents,
    required_funding_size_cents: pitch.requiredFundingCents,
    distribution_platforms: pitch.platforms,
    expected_release_date: pitch.expectedReleaseDate,
    submitted_at: pitch.submittedAt.toISOString(),
    revision: pitch.revision,
    review_count: reviewCount,
    average_score: toScore(averageScore),
  }));
}

/** The pitch if this staff member may see it; 404 otherwise, so a reviewer learns nothing of others. */
async function visiblePitch(db: Db, staff: Staff, id: string): Promise<pitches.PitchRow> {
  const pitch = pitches.isUuid(id) ? await pitches.findPitch(db, id) : undefined;
  if (!pitch) throw notFound();
  if (!seesEveryPitch(staff) && !(await repo.isAssigned(db, id, staff.id))) throw notFound();
  return pitch;
}

export async function getPitch(ctx: AppContext, staff: Staff, id: string): Promise<BackofficePitchDetail> {
  return detailOf(ctx, staff, await visiblePitch(ctx.db, staff, id));
}

async function detailOf(
  ctx: AppContext,
  staff: Staff,
  pitch: pitches.PitchRow,
): Promise<BackofficePitchDetail> {
  const reviewerId = reviewerScope(staff);
  const [assignments, reviews, events, score, campaignId] = await Promise.all([
    repo.assignmentsOf(ctx.db, pitch.id),
    repo.reviewsOf(ctx.db, pitch.id, reviewerId),
    repo.eventsOf(ctx.db, pitch.id),
    repo.pitchAverage(ctx.db, pitch.id, reviewerId),
    repo.campaignIdOf(ctx.db, pitch.id),
  ]);
  return {
    ...pitches.toPitchDto(pitch),
    pitch_password: pitches.readPitchPassword(ctx, pitch),
    user_id: pitch.userId,
    assignments: assignments.map(toStaffDto),
    reviews: reviews.map(toReviewDto),
    average_score: toScore(score.averageScore),
    events: events.map(toEventDto),
    campaign_id: campaignId,
  };
}

export async function getPitchPdf(
  ctx: AppContext,
  staff: Staff,
  id: string,
): Promise<{ data: Buffer; fileName: string }> {
  const pitch = await visiblePitch(ctx.db, staff, id);
  const data = await pitches.readPitchPdf(ctx, pitch);
  if (!data) throw notFound();
  return { data, fileName: pitches.pdfFileName(pitch.projectName) };
}

export async function listStaff(ctx: AppContext, staff: Staff): Promise<StaffUserDto[]> {
  requireAdmin(staff);
  return (await repo.listStaff(ctx.db)).map(toStaffDto);
}

// --- assignments --------------------------------------------------------------------------------

/** Asking the first reviewer starts the review: a submitted pitch moves in review, with its event. */
export async function assignReviewer(
  ctx: AppContext,
  staff: Staff,
  pitchId: string,
  reviewerId: string,
): Promise<BackofficePitchDetail> {
  requireAdmin(staff);
  await visiblePitch(ctx.db, staff, pitchId);
  const pitch = await ctx.db.transaction(async (tx) => {
    const reviewer = await users.findUserById(tx, reviewerId);
    if (!reviewer || !isStaffRole(reviewer.staffRole)) {
      throw badRequest('notStaffMember', { reviewer_id: 'notStaffMember' });
    }
    let locked = await pitches.lockPitch(tx, pitchId);
    if (!locked) throw notFound();
    if (locked.status === 'approved' || locked.status === 'rejected') throw new AppError('pitchClosed', 409);
    const added = await repo.insertAssignment(tx, { pitchId, reviewerId, assignedBy: staff.id });
    if (locked.status === 'submitted') {
      locked = await pitches.movePitch(ctx, tx, locked, 'in_review', staff.id, null);
    }
    if (added && reviewer.id !== staff.id) await pitches.queueAssignedMail(ctx, tx, locked, reviewer);
    return locked;
  });
  ctx.mail.nudge();
  return detailOf(ctx, staff, pitch);
}

export async function unassignReviewer(
  ctx: AppContext,
  staff: Staff,
  pitchId: string,
  reviewerId: string,
): Promise<BackofficePitchDetail> {
  requireAdmin(staff);
  const pitch = await visiblePitch(ctx.db, staff, pitchId);
  if (!pitches.isUuid(reviewerId) || !(await repo.deleteAssignment(ctx.db, pitchId, reviewerId))) {
    throw notFound();
  }
  return detailOf(ctx, staff, pitch);
}

// --- reviews and decisions ----------------------------------------------------------------------

/** The caller's scores of the current revision, replaced if given again; only while in review. */
export async function saveReview(
  ctx: AppContext,
  staff: Staff,
  pitchId: string,
  input: ReviewRequest,
): Promise<BackofficePitchDetail> {
  await visiblePitch(ctx.db, staff, pitchId);
  const pitch = await ctx.db.transaction(async (tx) => {
    // Locked: a decision cannot slip in between the status check and the write.
    const locked = await pitches.lockPitch(tx, pitchId);
    if (!locked) throw notFound();
    if (locked.status !== 'in_review') throw new AppError('pitchNotInReview', 409);
    await repo.upsertReview(tx, {
      pitchId,
      reviewerId: staff.id,
      revision: locked.revision,
      team: input.team,
      game: input.game,
      market: input.market,
      budgetRealism: input.budget_realism,
      comment: input.comment,
    });
    return locked;
  });
  return detailOf(ctx, staff, pitch);
}

const TARGET: Record<DecisionRequest['decision'], PitchStatus> = {
  request_changes: 'changes_requested',
  reject: 'rejected',
  approve: 'approved',
};

/**
 * An admin's decision. Approval needs a pitch in review with at least one review of its current
 * revision, and creates the campaign draft in the same transaction. The row lock makes concurrent
 * decisions queue: the second one finds the new status and gets 409.
 */
export async function decide(
  ctx: AppContext,
  staff: Staff,
  pitchId: string,
  input: DecisionRequest,
): Promise<BackofficePitchDetail> {
  requireAdmin(staff);
  const message = input.message.trim();
  if (input.decision !== 'approve' && message === '') {
    throw badRequest('messageRequired', { message: 'messageRequired' });
  }
  await visiblePitch(ctx.db, staff, pitchId);
  const to = TARGET[input.decision];
  const pitch = await ctx.db.transaction(async (tx) => {
    const locked = await pitches.lockPitch(tx, pitchId);
    if (!locked) throw notFound();
    if (to === 'approved' && locked.status === 'in_review') {
      if ((await repo.countReviews(tx, pitchId, locked.revision)) === 0) {
        throw new AppError('reviewRequired', 409);
      }
    }
    const moved = await pitches.movePitch(ctx, tx, locked, to, staff.id, message || null, {
      decisionMessage: message || null,
      decidedAt: new Date(),
    });
    if (to === 'approved') {
      await createDraft(tx, {
        pitchId,
        developerId: moved.userId ?? (await verifiedAccountOf(tx, moved.email)),
        title: moved.projectName,
        platforms: moved.platforms,
        goalCents: moved.requiredFundingCents > 0 ? moved.requiredFundingCents : moved.productionBudgetCents,
        trailerUrl: moved.trailerLink,
        expectedReleaseDate: moved.expectedReleaseDate,
        createdBy: staff.id,
      });
    }
    return moved;
  });
  ctx.mail.nudge();
  return detailOf(ctx, staff, pitch);
}

/** A pitch sent logged out belongs to an account only if that account proved the address. */
async function verifiedAccountOf(db: Db, email: string): Promise<string | null> {
  if (!email) return null;
  const user = await users.findUserByEmail(db, email);
  return user?.emailVerifiedAt ? user.id : null;
}

// --- audit --------------------------------------------------------------------------------------

export async function auditLog(
  ctx: AppContext,
  staff: Staff,
  before: number | undefined,
): Promise<{ events: PitchEventDto[]; next_before: number | null }> {
  requireAdmin(staff);
  // One row more than a page tells whether another page exists.
  const rows = await repo.auditPage(ctx.db, before, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map(toEventDto);
  return {
    events: page,
    next_before: rows.length > AUDIT_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
  };
}

// --- call list ----------------------------------------------------------------------------------

function toContactDto(row: NonNullable<Awaited<ReturnType<typeof repo.findContact>>>): ContactDto {
  const { contact } = row;
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    asked_for_contact: contact.askedForContact,
    created_at: contact.createdAt.toISOString(),
    called_at: contact.calledAt?.toISOString() ?? null,
    called_by: contact.calledBy ? { id: contact.calledBy, username: row.callerUsername ?? '' } : null,
  };
}

export async function listContacts(ctx: AppContext, called: boolean | undefined): Promise<ContactDto[]> {
  return (await repo.listContacts(ctx.db, called)).map(toContactDto);
}

export async function markCalled(
  ctx: AppContext,
  staff: Staff,
  id: string,
  called: boolean,
): Promise<ContactDto> {
  if (!pitches.isUuid(id) || !(await pitches.markContactCalled(ctx.db, id, called ? staff.id : null))) {
    throw notFound();
  }
  const row = await repo.findContact(ctx.db, id);
  if (!row) throw notFound();
  return toContactDto(row);
}

// --- roles --------------------------------------------------------------------------------------

export class RoleChangeError extends Error {}

/** Used by the roles command: gives or takes a staff role, with an audit event. */
export async function setStaffRole(
  db: Db,
  email: string,
  role: StaffRole | null,
): Promise<{ username: string; previous: StaffRole | null }> {
  return db.transaction(async (tx) => {
    const user = await users.findUserByEmail(tx, email);
    if (!user) throw new RoleChangeError(`No account has the email address ${email}.`);
    const previous = isStaffRole(user.staffRole) ? user.staffRole : null;
    if (previous !== role) {
      await users.setStaffRole(tx, user.id, role);
      await recordEvent(tx, {
        userId: user.id,
        kind: 'staff_role_changed',
        data: { from: previous, to: role, via: 'command line' },
      });
    }
    return { username: user.username, previous };
  });
}

/** Account deletion: the reviewer's assignments to pitches go. */
export async function forgetReviewAssignments(tx: Db, reviewerId: string): Promise<void> {
  await repo.deleteAssignmentsOf(tx, reviewerId);
}
