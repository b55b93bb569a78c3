import type { VerifyReportRequest } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import type { Actor } from '../policies.ts';
import { createDistribution } from '../pool.ts';
import * as repo from '../repo.ts';
import { reviewTransition } from '../report-review.ts';

/** Verifies a submitted report and creates its distribution, in one transaction under the campaign's lock. */
export function verifyReport(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  body: VerifyReportRequest = {},
  now = new Date(),
) {
  return reviewTransition(ctx, actor, reportId, body.updated_at, async (tx, report, campaign) => {
    const verified = await repo.updateReport(tx, report.id, {
      status: 'verified',
      verifiedBy: actor.id,
      verifiedAt: now,
      reviewComment: null,
    });
    await createDistribution(tx, campaign, verified, now);
    return verified;
  });
}
