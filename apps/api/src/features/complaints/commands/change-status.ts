import { COMPLAINT_NEXT, type ComplaintStatus } from '@indiesplit/shared/complaints';
import type { Staff } from '../../../platform/access.ts';
import { recordEvent } from '../../../platform/audit.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import * as repo from '../repo.ts';

const STEP_TIME: Partial<Record<ComplaintStatus, keyof repo.NewComplaint>> = {
  acknowledged: 'acknowledgedAt',
  investigating: 'investigatingAt',
  closed: 'closedAt',
};

/**
 * Moves a complaint forward (COMPLAINT_NEXT): never back, never out of "closed"; "answered" is
 * reached only by sending the answer. Each step's time is kept for the deadlines and the figures.
 */
export async function changeComplaintStatus(
  ctx: AppContext,
  staff: Staff,
  id: string,
  status: ComplaintStatus,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const complaint = await repo.lockComplaint(tx, id);
    if (!complaint) throw notFound();
    if (!COMPLAINT_NEXT[complaint.status].includes(status)) {
      throw new AppError('complaintTransitionNotAllowed', 409, {
        fields: { status: 'complaintTransitionNotAllowed' },
      });
    }
    const now = new Date();
    const field = STEP_TIME[status]!;
    // Skipping "acknowledged" (straight to investigating) still acknowledges the complaint.
    const acknowledged = complaint.acknowledgedAt ? {} : { acknowledgedAt: now };
    await repo.updateComplaint(tx, id, { ...acknowledged, status, [field]: now });
    await recordEvent(tx, {
      userId: staff.id,
      kind: 'complaint_status_changed',
      data: { complaint_id: id, from: complaint.status, to: status },
    });
  });
}
