import type { ReportStatus } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import { type Actor, requireAdmin } from '../policies.ts';
import { toDtos } from '../presenters/report.ts';
import * as repo from '../repo.ts';

export async function listForBackoffice(
  ctx: AppContext,
  actor: Actor,
  status: ReportStatus | undefined,
  includeDemo = false,
) {
  requireAdmin(actor);
  return toDtos(ctx.db, await repo.reportsByStatus(ctx.db, status, includeDemo));
}
