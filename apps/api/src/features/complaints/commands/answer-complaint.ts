import type { Staff } from '../../../platform/access.ts';
import { recordEvent } from '../../../platform/audit.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { asLanguage } from '../../../platform/i18n.ts';
import { enqueueMail } from '../../../platform/mailer.ts';
import { complaintAnsweredEmail } from '../emails.ts';
import * as repo from '../repo.ts';

/**
 * The final answer: kept in the register and emailed to the complainant in their language, in the
 * same transaction; once only (an answered complaint can then only be closed).
 */
export async function answerComplaint(
  ctx: AppContext,
  staff: Staff,
  id: string,
  answer: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const complaint = await repo.lockComplaint(tx, id);
    if (!complaint) throw notFound();
    if (complaint.status === 'answered' || complaint.status === 'closed') {
      throw new AppError('complaintTransitionNotAllowed', 409, {
        fields: { answer: 'complaintTransitionNotAllowed' },
      });
    }
    const now = new Date();
    await repo.updateComplaint(tx, id, {
      status: 'answered',
      answer,
      answeredAt: now,
      acknowledgedAt: complaint.acknowledgedAt ?? now,
    });
    await enqueueMail(
      tx,
      complaintAnsweredEmail(
        {
          to: complaint.email,
          userId: complaint.userId,
          language: asLanguage(complaint.language),
          name: complaint.name,
          reference: complaint.reference,
        },
        answer,
      ),
    );
    await recordEvent(tx, { userId: staff.id, kind: 'complaint_answered', data: { complaint_id: id } });
  });
  ctx.mail.nudge();
}
