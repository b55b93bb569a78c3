import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { enqueueMail } from '../../../platform/mailer.ts';
import { assertStudioVerified } from '../../kyb/service.ts';
import { notify } from '../../notifications/service.ts';
import { asLanguage, campaignOpenEmail, studioCampaignOpenEmail } from '../emails.ts';
import * as repo from '../repo.ts';
import { type CampaignRow, moveCampaign } from '../state.ts';
import { recordKeyInformationVersion } from './key-information-version.ts';

/**
 * Opens a locked campaign for investment (-> live): the one way it happens, whether an admin opens
 * it from the back office or the start job does at its start time. A start still ahead is brought
 * forward to `now`; going live freezes the platform's share (moveCampaign); every watcher not told
 * yet and every follower by their preferences (ADR 0037) is sent the same "it is open" email and the studio its own, queued in the caller's transaction (it goes if and only
 * if the opening commits). Call `ctx.mail.nudge()` after the commit when `notified` > 0.
 *
 * A campaign in euros opens only while its studio's verification (KYB, ECSP Art 5, ADR 0036) is
 * approved and running: 409 studioKybRequired otherwise, whoever asks. The demo's rounds, in virtual
 * money with no studio behind them, are not offers to the public and need none.
 */
export async function openCampaign(
  ctx: AppContext,
  tx: Db,
  campaign: CampaignRow,
  how: { actorId: string | null; reason: string | null; now: Date },
): Promise<{ campaign: CampaignRow; notified: number }> {
  if (campaign.currency !== 'DEMO') await assertStudioVerified(tx, campaign.developerId, how.now);
  let row = campaign;
  if (row.startsAt && row.startsAt > how.now) {
    row = await repo.updateCampaign(tx, row.id, { startsAt: how.now });
  }
  const live = await moveCampaign(tx, row, 'live', how.actorId, how.reason, {
    platformShareBps: ctx.config.platformShareBps,
    successFeeBps: ctx.config.successFeeBps,
  });
  // The sheet as opened (its start brought forward is not a material change): a new version if
  // it differs from the one published, the first one if the campaign opened straight from a draft.
  await recordKeyInformationVersion(ctx, tx, live.id, how.now);
  const ref = { title: live.title, slug: live.slug ?? live.id, currency: live.currency };
  const watchers = await repo.claimWatchers(tx, live.id, how.now);
  for (const w of watchers) {
    await enqueueMail(
      tx,
      campaignOpenEmail(
        { to: w.email, userId: null, language: asLanguage(w.language), name: '' },
        ref,
        ctx.config.publicUrl,
      ),
    );
  }
  // Its followers (ADR 0037), in the app and by email by their preferences; not for the demo's rounds.
  const followers =
    live.currency === 'DEMO'
      ? { notified: 0, emailed: 0 }
      : await notify(tx, ctx.config.publicUrl, {
          type: 'campaign_opened',
          campaign: { id: live.id, title: live.title, slug: ref.slug },
          audience: { campaignId: live.id, investors: false, followers: true, except: live.developerId },
        });
  // The studio hears of it too, with what comes next; not for the demo's rounds, which open every
  // few minutes with no one behind them.
  const developer =
    live.currency === 'DEMO' || !live.developerId
      ? undefined
      : await repo.developerContact(tx, live.developerId);
  if (developer)
    await enqueueMail(
      tx,
      studioCampaignOpenEmail(
        {
          to: developer.email,
          userId: live.developerId,
          language: asLanguage(developer.language),
          name: developer.username,
        },
        ref,
        live.deadlineAt,
        ctx.config.publicUrl,
      ),
    );
  return { campaign: live, notified: watchers.length + followers.emailed + (developer ? 1 : 0) };
}
