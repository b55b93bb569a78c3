import type { ComplaintStatusDto } from '@indiesplit/shared/complaints';
import type { AppContext } from '../../../platform/context.ts';
import { toStatusDto } from '../presenters/complaint.ts';
import * as repo from '../repo.ts';

/** The complaints a member filed while logged in, newest first. */
export async function listMyComplaints(ctx: AppContext, userId: string): Promise<ComplaintStatusDto[]> {
  return (await repo.listByUser(ctx.db, userId)).map(toStatusDto);
}
