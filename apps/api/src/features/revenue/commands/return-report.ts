import type { ReturnReportRequest } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../policies.ts';
import * as repo from '../repo.ts';
import { reviewTransition } from '../report-review.ts';

/** Sends a submitted report back to the developer with what to change. */
export function returnReport(ctx: AppContext, actor: Actor, reportId: string, body: ReturnReportRequest) {
  const comment = body.comment.trim();
  if (comment === '')
    throw new AppError('reviewCommentRequired', 400, { fields: { comment: 'reviewCommentRequired' } });
  return reviewTransition(ctx, actor, reportId, body.updated_at, (tx, report) =>
    repo.updateReport(tx, report.id, { status: 'returned', reviewComment: comment }),
  );
}
