import type { FileComplaintRequest } from '@indiesplit/shared/complaints';
import type { Language } from '@indiesplit/shared/messages';
import type { z } from 'zod';
import { recordEvent } from '../../../platform/audit.ts';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/errors.ts';
import { enqueueMail } from '../../../platform/mailer.ts';
import { RULES } from '../../../platform/rate-limit.ts';
import { addDays } from '../deadlines.ts';
import { complaintReceivedEmail } from '../emails.ts';
import { newReference, newStatusToken } from '../reference.ts';
import * as repo from '../repo.ts';

type Parsed = z.output<typeof FileComplaintRequest>;

export const statusUrl = (publicUrl: string, reference: string, token: string) =>
  // The token rides in the fragment: browsers never send it to the server, so it is in no access log.
  `${publicUrl}/complaints/status/${reference}#${token}`;

/**
 * Registers a complaint from anyone, member or not, and queues the acknowledgement with the
 * reference and the private status link, in one transaction. Rate-limited per address like the
 * other anonymous forms.
 */
export async function fileComplaint(
  ctx: AppContext,
  input: Parsed,
  who: { userId: string | null; language: Language; ip: string },
): Promise<{ reference: string }> {
  await ctx.limiter.consume(RULES.fileComplaintPerIp, who.ip);
  const receivedAt = new Date();
  const { acknowledgeDays, answerDays } = ctx.config.complaintDeadlines;
  const { token, hash } = newStatusToken();
  const row = await ctx.db.transaction(async (tx) => {
    const campaignId = input.campaign_slug ? await repo.findCampaignIdBySlug(tx, input.campaign_slug) : null;
    // A mistyped address is said, not silently dropped: the link to the campaign is what staff look for.
    if (input.campaign_slug && !campaignId) {
      throw badRequest('complaintCampaignUnknown', { campaign_slug: 'complaintCampaignUnknown' });
    }
    const complaint = await repo.insertComplaint(tx, {
      reference: newReference(receivedAt),
      statusTokenHash: hash,
      userId: who.userId,
      language: who.language,
      name: input.name,
      email: input.email,
      address: input.address,
      phone: input.phone,
      viaRepresentative: input.via_representative,
      representativeName: input.via_representative ? input.representative_name : '',
      representativeContact: input.via_representative ? input.representative_contact : '',
      service: input.service,
      campaignId,
      factsFrom: input.facts_from,
      factsTo: input.facts_to || null,
      description: input.description,
      remedy: input.remedy,
      receivedAt,
      acknowledgeDueAt: addDays(receivedAt, acknowledgeDays),
      answerDueAt: addDays(receivedAt, Math.max(answerDays, acknowledgeDays)),
    });
    await recordEvent(tx, {
      userId: who.userId,
      kind: 'complaint_filed',
      ip: who.ip,
      data: { complaint_id: complaint.id, reference: complaint.reference },
    });
    await enqueueMail(
      tx,
      complaintReceivedEmail(
        {
          to: complaint.email,
          userId: who.userId,
          language: who.language,
          name: complaint.name,
          reference: complaint.reference,
        },
        complaint.answerDueAt,
        statusUrl(ctx.config.publicUrl, complaint.reference, token),
      ),
    );
    return complaint;
  });
  ctx.mail.nudge();
  return { reference: row.reference };
}
