import type { PitchDto } from '@indiesplit/shared/pitches';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { enqueueMail } from '../../../platform/mailer.ts';
import { RULES } from '../../../platform/rate-limit.ts';
import type { Session } from '../../../platform/sessions.ts';
import { findMine } from '../developer-pitches.ts';
import { resubmittedEmail } from '../emails.ts';
import { newPdfKey, pitchColumns, type SubmissionForm, validate } from '../pitch-form.ts';
import * as repo from '../repo.ts';
import { languageOf, movePitch, toPitchDto } from '../service.ts';

/**
 * The developer answers "changes requested": same fields as a submission, the PDF optional (the
 * previous one stays). The revision goes up, so earlier reviews stay attached to what they scored.
 * A pitch found through the verified address becomes the account's.
 */
export async function resubmitPitch(
  ctx: AppContext,
  session: Session,
  id: string,
  ip: string,
  readForm: () => Promise<SubmissionForm>,
): Promise<PitchDto> {
  await ctx.limiter.consume(RULES.submitProjectPerIp, ip);
  const current = await findMine(ctx.db, session, id);
  if (current.status !== 'changes_requested') throw new AppError('resubmitNotAllowed', 409);
  const slot = ctx.pdfChecks.acquire();
  try {
    return await storeResubmission(ctx, session, current, await readForm());
  } finally {
    slot.release();
  }
}

async function storeResubmission(
  ctx: AppContext,
  session: Session,
  current: repo.PitchRow,
  form: SubmissionForm,
): Promise<PitchDto> {
  const id = current.id;
  const input = await validate(ctx, form, false);
  const pdf = form.pdf && form.pdf.length > 0 ? form.pdf : null;
  const pdfKey = pdf ? newPdfKey() : null;
  if (pdf && pdfKey) await ctx.storage.put(pdfKey, pdf);
  let updated: repo.PitchRow;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockPitch(tx, id);
      if (locked?.status !== 'changes_requested') throw new AppError('resubmitNotAllowed', 409);
      const moved = await movePitch(ctx, tx, locked, 'in_review', session.user.id, null, {
        ...pitchColumns(ctx, id, input),
        userId: session.user.id,
        revision: locked.revision + 1,
        ...(pdf && pdfKey ? { pdfKey, pdfBytes: pdf.length } : {}),
      });
      for (const reviewer of await repo.assignedReviewers(tx, id)) {
        await enqueueMail(
          tx,
          resubmittedEmail(
            {
              to: reviewer.email,
              userId: reviewer.id,
              language: languageOf(reviewer.language),
              username: reviewer.username,
              projectName: moved.projectName,
              pitchId: id,
            },
            moved.revision,
            ctx.config.publicUrl,
          ),
        );
      }
      return moved;
    });
  } catch (err) {
    if (pdfKey) await ctx.storage.delete(pdfKey).catch(() => {});
    throw err;
  }
  if (pdfKey && current.pdfKey) await ctx.storage.delete(current.pdfKey).catch(() => {});
  ctx.mail.nudge();
  return toPitchDto(updated);
}
