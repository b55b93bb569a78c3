import type { ComplaintDetail } from '@indiesplit/shared/complaints';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { toDetail } from '../presenters/complaint.ts';
import * as repo from '../repo.ts';

export async function getComplaint(ctx: AppContext, id: string): Promise<ComplaintDetail> {
  const row = await repo.getWithAssignee(ctx.db, id);
  if (!row) throw notFound();
  const notes = await repo.listNotes(ctx.db, id);
  return toDetail(row.complaint, row.assignee, row.campaign, notes, new Date());
}
