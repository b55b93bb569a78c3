import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail, type MailMessage } from '../../platform/mailer.ts';
import { lowerCommitted } from '../campaigns/commands/lower-committed.ts';
import { openCampaign as openForInvestment } from '../campaigns/commands/open-campaign.ts';
import { startServices } from '../campaigns/commands/start-services.ts';
import { asLanguage, type CampaignRef, type Recipient } from '../campaigns/emails.ts';
import { type CampaignRow, lockCampaign, moveCampaign } from '../campaigns/state.ts';
import { markInvestmentSettled } from '../investing/commands/settle-investment.ts';
import * as ledger from '../ledger/service.ts';
import { type NotifyMemberInput, notify, notifyMember } from '../notifications/service.ts';
import { DEMO_BOT_USERNAME } from './demo-campaigns.ts';
import * as emails from './emails.ts';
import * as repo from './repo.ts';

// The platform's own moves of a campaign (ADR 0012): open it when its start time comes, close it at
// its deadline, decide it once no investment can still be revoked, then settle each investment in
// a transaction of its own. Every step reads the state from the rows under the campaign's lock and
// does nothing when it finds its work done, so a worker that dies anywhere can simply run again.

type Outcome = 'funded' | 'failed';

const ref = (c: CampaignRow): CampaignRef => ({
  title: c.title,
  slug: c.slug ?? c.id,
  currency: c.currency,
});

/**
 * Queues a message for a member, unless the account is gone or is the demo's bot. With a
 * notification (ADR 0037) the member is notified in the app too and the message goes by their
 * preference for its type (always at once for a mandatory type).
 */
async function mailMember(
  ctx: AppContext,
  tx: Db,
  userId: string | null,
  build: (r: Recipient) => MailMessage,
  notification?: Omit<NotifyMemberInput, 'userId' | 'mail'>,
): Promise<boolean> {
  if (!userId) return false;
  const who = await repo.contactOf(tx, userId);
  if (!who || who.deletedAt || who.username === DEMO_BOT_USERNAME) return false;
  const mail = build({
    to: who.email,
    userId: who.id,
    language: asLanguage(who.language),
    name: who.firstName || who.username,
  });
  if (notification) await notifyMember(tx, ctx.config.publicUrl, { ...notification, userId, mail });
  else await enqueueMail(tx, mail);
  return true;
}

/**
 * scheduled -> live once its start time has come; tells the people who asked to be told (the same
 * opening as an admin's, see campaigns' openCampaign). The caller nudges the mailer.
 */
export async function openCampaign(ctx: AppContext, campaignId: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (campaign?.status !== 'scheduled' || !campaign.startsAt || campaign.startsAt > now) return false;
    try {
      await openForInvestment(ctx, tx, campaign, { actorId: null, reason: 'start time reached', now });
    } catch (err) {
      // The studio is not verified (ADR 0036): the campaign stays scheduled and is tried again every
      // round, so it opens at the first round after an admin approves the studio.
      if (err instanceof AppError && err.code === 'studioKybRequired') {
        ctx.log.warn({ campaignId }, 'campaign not opened: its studio has no approved verification');
        return false;
      }
      throw err;
    }
    return true;
  });
}

/** live -> closing at the deadline: no more investments from now on. */
export async function closeCampaign(ctx: AppContext, campaignId: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (campaign?.status !== 'live' || !campaign.deadlineAt || campaign.deadlineAt > now) return false;
    await moveCampaign(tx, campaign, 'closing', null, 'deadline reached');
    return true;
  });
}

/**
 * closing -> funded or failed, once no investment is in its reflection period (so none can be
 * revoked any more and the total is final). The decision is recorded before any money moves: the
 * status then says which way every remaining reservation goes, and a funded campaign can no longer
 * be cancelled half-way through its posting.
 */
export async function decideCampaign(
  ctx: AppContext,
  campaignId: string,
  now: Date,
): Promise<Outcome | 'waiting' | null> {
  return ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (campaign?.status !== 'closing') return null;
    if (await repo.inReflection(tx, campaignId, now)) return 'waiting';
    const reached = campaign.committedCents > 0 && campaign.committedCents >= campaign.goalCents;
    const outcome: Outcome = reached ? 'funded' : 'failed';
    const reason = `${reached ? 'goal reached' : 'goal missed'}: ${campaign.committedCents} of ${campaign.goalCents} cents`;
    const decided = await moveCampaign(tx, campaign, outcome, null, reason);
    // Its followers hear that the offer ended (ADR 0037); those who invested hear of it through
    // their settlement result instead, one notification each. Not for the demo's rounds.
    if (decided.currency !== 'DEMO')
      await notify(tx, ctx.config.publicUrl, {
        type: 'campaign_ended',
        campaign: { id: decided.id, title: decided.title, slug: decided.slug ?? decided.id },
        data: { outcome },
        audience: {
          campaignId: decided.id,
          investors: false,
          followers: true,
          exceptInvestors: true,
          except: decided.developerId,
        },
      });
    if (outcome === 'failed') {
      await mailMember(ctx, tx, decided.developerId, (r) =>
        emails.developerFailedEmail(r, ref(decided), ctx.config.publicUrl),
      );
    }
    return outcome;
  });
}

/**
 * The states in which a reservation is posted or voided. Posting goes on past `funded`: an admin
 * may start the services (funded -> services_active) before the last investment is posted.
 */
const SETTLES: Record<'post' | 'void', readonly CampaignStatus[]> = {
  post: ['funded', 'services_active', 'launched', 'completed'],
  void: ['failed', 'cancelled'],
};

/**
 * Posts (funded) or voids (failed, cancelled) one reserved investment: the ledger settlement, the
 * investment's final state, the campaign's total and the investor's email in one transaction,
 * guarded by `status = 'reserved'` — so it happens exactly once, however often it is attempted.
 */
export async function settleInvestment(
  ctx: AppContext,
  campaignId: string,
  investmentId: string,
  how: 'post' | 'void',
  now: Date,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    // The campaign first, as investing and revoking do: the three queue on the same lock.
    const campaign = await lockCampaign(tx, campaignId);
    if (!campaign || !SETTLES[how].includes(campaign.status as CampaignStatus)) return false;
    const investment = await repo.lockReserved(tx, investmentId);
    if (!investment || investment.campaignId !== campaignId) return false;
    const settlement = await ledger.settle(tx, investment.reserveTransferId, how, {
      kind: how === 'post' ? 'investment' : 'refund',
    });
    const final = how === 'post' ? 'posted' : 'refunded';
    if (!(await markInvestmentSettled(tx, investmentId, final, settlement.id, now)))
      throw new Error(`investment ${investmentId} changed under its lock`);
    if (how === 'void') {
      await lowerCommitted(tx, {
        campaignId,
        investorId: investment.investorId,
        investmentId,
        amountCents: investment.amountCents,
      });
    }
    const why = campaign.status === 'cancelled' ? 'cancelled' : 'failed';
    await mailMember(
      ctx,
      tx,
      investment.investorId,
      (r) =>
        how === 'post'
          ? emails.investmentPostedEmail(
              r,
              ref(campaign),
              investment.amountCents,
              ctx.config.publicUrl,
              investment.keyInformationVersion,
            )
          : emails.investmentRefundedEmail(
              r,
              ref(campaign),
              investment.amountCents,
              why,
              ctx.config.publicUrl,
            ),
      {
        type: 'settlement_result',
        campaign: { id: campaign.id, title: campaign.title, slug: campaign.slug ?? campaign.id },
        subjectId: investmentId,
        data: {
          outcome: how === 'post' ? 'posted' : 'refunded',
          amount_cents: investment.amountCents,
          currency: campaign.currency,
        },
      },
    );
    return true;
  });
}

/** funded -> services_active once every investment is posted: the checklist opens, the developer is told. */
export async function completeFunded(ctx: AppContext, campaignId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (campaign?.status !== 'funded') return false;
    if ((await repo.countReserved(tx, campaignId)) > 0) return false;
    const active = await startServices(tx, campaign, { actorId: null, reason: 'all investments posted' });
    await mailMember(ctx, tx, active.developerId, (r) =>
      emails.developerFundedEmail(
        r,
        ref(active),
        active.committedCents,
        active.investorCount,
        ctx.config.publicUrl,
      ),
    );
    return true;
  });
}
