import type { ComplaintRegisterRow, ComplaintStatus } from '@indiesplit/shared/complaints';
import type { AppContext } from '../../../platform/context.ts';
import { toRegisterRow } from '../presenters/complaint.ts';
import * as repo from '../repo.ts';

export async function listComplaintRegister(
  ctx: AppContext,
  filter: { status?: ComplaintStatus; overdue?: boolean },
  now = new Date(),
): Promise<ComplaintRegisterRow[]> {
  const rows = await repo.listRegister(ctx.db, {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.overdue ? { overdueAt: now } : {}),
  });
  return rows.map((r) => toRegisterRow(r.complaint, r.assignee, now));
}
