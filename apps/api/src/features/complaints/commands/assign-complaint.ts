import type { Staff } from '../../../platform/access.ts';
import { recordEvent } from '../../../platform/audit.ts';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import * as repo from '../repo.ts';

/** Gives the complaint to an admin to handle (null: nobody); a closed one keeps its assignee. */
export async function assignComplaint(
  ctx: AppContext,
  staff: Staff,
  id: string,
  assigneeId: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const complaint = await repo.lockComplaint(tx, id);
    if (!complaint) throw notFound();
    if (complaint.status === 'closed') throw badRequest('complaintTransitionNotAllowed');
    if (assigneeId && !(await repo.isAdmin(tx, assigneeId))) {
      throw badRequest('complaintAssigneeNotStaff', { assignee_id: 'complaintAssigneeNotStaff' });
    }
    await repo.updateComplaint(tx, id, { assigneeId });
    await recordEvent(tx, {
      userId: staff.id,
      kind: 'complaint_assigned',
      data: { complaint_id: id, assignee_id: assigneeId },
    });
  });
}
