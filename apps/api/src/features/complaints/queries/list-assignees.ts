import type { AppContext } from '../../../platform/context.ts';
import * as repo from '../repo.ts';

export async function listComplaintAssignees(
  ctx: AppContext,
): Promise<Array<{ id: string; username: string }>> {
  return repo.listAdmins(ctx.db);
}
