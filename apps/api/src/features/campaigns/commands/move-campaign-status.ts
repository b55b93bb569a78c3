import { ADMIN_CAMPAIGN_MOVES } from '@indiesplit/shared/campaigns';
import type {
  BackofficeCampaignDetail,
  CampaignStatusRequest,
} from '@indiesplit/shared/campaigns-backoffice';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import { isStudioVerified } from '../../kyb/service.ts';
import { notify } from '../../notifications/service.ts';
import { asServices, asStatus } from '../presenters/values.ts';
import { getBackofficeCampaign } from '../queries/get-backoffice-campaign.ts';
import { lockCampaign, moveCampaign } from '../state.ts';
import { parseDateOnly } from '../validation/editor.ts';
import { isUuid } from '../validation/ids.ts';
import { mayCompleteCampaign, publishProblems, todayUtc } from '../validation/publish.ts';
import { assertWithinStudioLimit } from '../validation/studio-limit.ts';
import { recordKeyInformationVersion } from './key-information-version.ts';
import { launchCampaign } from './launch-campaign.ts';
import { openCampaign } from './open-campaign.ts';
import { startServices } from './start-services.ts';

// Campaigns (ADR 0010): admins make the moves of ADMIN_CAMPAIGN_MOVES; the scheduled jobs make the
// platform's moves (opening at the start, closing at the deadline, settling). Opening, starting
// the services and the launch are the same commands whoever makes them. Every change happens under
// the campaign row's lock, so an edit cannot cross a move made at the same moment.

/**
 * An admin's move (ADMIN_CAMPAIGN_MOVES), with its event. Publishing needs a complete campaign
 * whose deadline is still ahead; opening now brings a later start forward to now and tells the
 * watchers; cancelling needs a reason (the jobs then refund every investment); starting the
 * services writes their checklist; the launch records the game's release date, from which the
 * revenue share runs.
 */
export async function moveCampaignStatus(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: CampaignStatusRequest,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id)) throw notFound();
  const to = input.to;
  const reason = input.reason.trim() || null;
  const now = new Date();
  let notified = 0;
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (!row) throw notFound();
    const from = asStatus(row.status);
    if (from === to || !ADMIN_CAMPAIGN_MOVES[from].includes(to)) {
      throw new AppError('campaignTransitionNotAllowed', 409);
    }
    if (to === 'cancelled' && reason === null)
      throw badRequest('reasonRequired', { reason: 'reasonRequired' });
    if (to === 'scheduled' || to === 'live') {
      const problems = publishProblems(row, now);
      // Opening also needs the studio's verification (ADR 0036): named among the missing items, so
      // an admin sees everything still to do at once.
      const unverified =
        to === 'live' && row.currency !== 'DEMO' && !(await isStudioVerified(tx, row.developerId, now));
      const codes = Object.values(problems);
      if (codes.length === 0 && unverified)
        throw new AppError('studioKybRequired', 409, { fields: { studio_kyb: 'studioKybRequired' } });
      if (unverified) problems.studio_kyb = 'studioKybRequired';
      // Only the sheet is incomplete: the answer names its first missing part.
      const onlySheet =
        codes.length > 0 && Object.keys(problems).every((f) => f.startsWith('studio_') && f !== 'studio_kyb');
      if (codes.length > 0) throw badRequest(onlySheet ? codes[0]! : 'campaignIncomplete', problems);
      await assertWithinStudioLimit(tx, row, now, 'max');
    }
    if (to === 'live') {
      ({ notified } = await openCampaign(ctx, tx, row, { actorId: adminId, reason, now }));
      return;
    }
    if (to === 'services_active') {
      const services = [...new Set(input.services ?? asServices(row.services))];
      if (services.length === 0) throw badRequest('servicesRequired', { services: 'servicesRequired' });
      await startServices(tx, row, { services, actorId: adminId, reason });
      return;
    }
    if (to === 'launched') {
      const date = input.launched_on ? parseDateOnly(input.launched_on) : null;
      if (!date || date > todayUtc(now)) {
        throw badRequest('launchDateRequired', { launched_on: 'launchDateRequired' });
      }
      await launchCampaign(tx, row, { launchedOn: date, actorId: adminId, reason });
      return;
    }
    if (to === 'completed' && !mayCompleteCampaign(row, now)) {
      throw new AppError('campaignTermNotOver', 409);
    }
    await moveCampaign(tx, row, to, adminId, reason, {
      platformShareBps: ctx.config.platformShareBps,
      successFeeBps: ctx.config.successFeeBps,
    });
    // Publishing records the sheet's first version (ADR 0029).
    if (to === 'scheduled') await recordKeyInformationVersion(ctx, tx, id, now);
    // A public offer called off ends like one that failed (ADR 0037): its followers hear of it, and
    // its investors by their refund instead. A draft had no public, the demo's rounds tell no one.
    if (to === 'cancelled' && from !== 'draft' && row.currency !== 'DEMO')
      ({ notified } = await notify(tx, ctx.config.publicUrl, {
        type: 'campaign_ended',
        campaign: { id: row.id, title: row.title, slug: row.slug ?? row.id },
        data: { outcome: 'cancelled' },
        audience: {
          campaignId: row.id,
          investors: false,
          followers: true,
          exceptInvestors: true,
          except: row.developerId,
        },
      }));
  });
  if (notified > 0) ctx.mail.nudge();
  return getBackofficeCampaign(ctx, id);
}
