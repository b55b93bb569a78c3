import type { VerifyReportRequest } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import { asLanguage } from '../../../platform/i18n.ts';
import { enqueueMail } from '../../../platform/mailer.ts';
import { developerContact } from '../../campaigns/queries/developer-contact.ts';
import { reportVerifiedEmail } from '../emails.ts';
import type { Actor } from '../policies.ts';
import { createDistribution } from '../pool.ts';
import * as repo from '../repo.ts';
import { reviewTransition } from '../report-review.ts';

/**
 * Verifies a submitted report and creates its distribution, in one transaction under the campaign's
 * lock; the developer's email is queued in it.
 */
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
    const distribution = await createDistribution(tx, campaign, verified, now);
    // The studio is told its figures were accepted and what its investors' pool comes to; the
    // demo's rounds have no one to tell.
    const developer =
      campaign.currency === 'DEMO' || !campaign.developerId
        ? undefined
        : await developerContact(tx, campaign.developerId);
    if (developer)
      await enqueueMail(
        tx,
        reportVerifiedEmail(
          {
            to: developer.email,
            userId: campaign.developerId,
            language: asLanguage(developer.language),
            name: developer.username,
          },
          { title: campaign.title, slug: campaign.slug ?? campaign.id, currency: campaign.currency },
          { ...verified, campaignId: campaign.id },
          distribution.poolCents,
          ctx.config.publicUrl,
        ),
      );
    return verified;
  });
}
