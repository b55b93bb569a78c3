import type { AppContext } from '../../../platform/context.ts';
import { actorOf } from '../policies.ts';
import { toDto } from '../presenters/report.ts';
import { reportFor } from '../report-access.ts';

export async function getReport(ctx: AppContext, userId: string, reportId: string) {
  const { report } = await reportFor(ctx, await actorOf(ctx, userId), reportId);
  return toDto(ctx.db, report);
}
