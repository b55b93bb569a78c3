import { randomUUID } from 'node:crypto';
import type { Language } from '@indiesplit/shared/messages';
import { normalizeIdentifier } from '@indiesplit/shared/validation';
import type { AppContext } from '../../../platform/context.ts';
import { enqueueMail } from '../../../platform/mailer.ts';
import { RULES } from '../../../platform/rate-limit.ts';
import { pitchReceivedEmail, pitchReceivedNoticeEmail } from '../emails.ts';
import { newPdfKey, pitchColumns, type SubmissionForm, validate } from '../pitch-form.ts';
import * as repo from '../repo.ts';
import { languageOf, mailTarget } from '../service.ts';

/**
 * Spec §3 "Project submission". The upload is read only once the caller passed the rate limit and
 * got one of the PDF check's slots (ADR 0017), so at most that many decks are held at once.
 * The file is stored first and deleted again if the row cannot be written: nothing is half-saved.
 */
export async function submitPitch(
  ctx: AppContext,
  who: { userId: string | null; language: Language; ip: string; verifiedEmail?: string | null },
  readForm: () => Promise<SubmissionForm>,
): Promise<string> {
  await ctx.limiter.consume(RULES.submitProjectPerIp, who.ip);
  const slot = ctx.pdfChecks.acquire();
  try {
    return await storeSubmission(ctx, who, await readForm());
  } finally {
    slot.release();
  }
}

async function storeSubmission(
  ctx: AppContext,
  who: { userId: string | null; language: Language; verifiedEmail?: string | null },
  form: SubmissionForm,
): Promise<string> {
  const input = await validate(ctx, form, true);
  const pdf = form.pdf!;
  const id = randomUUID();
  const pdfKey = newPdfKey();
  await ctx.storage.put(pdfKey, pdf);
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await repo.insertPitch(tx, {
        id,
        userId: who.userId,
        language: who.language,
        ...pitchColumns(ctx, id, input),
        pdfKey,
        pdfBytes: pdf.length,
        status: 'submitted',
      });
      await repo.insertEvent(tx, {
        pitchId: id,
        actorId: who.userId,
        fromStatus: null,
        toStatus: 'submitted',
      });
      // The sender's own words (name, project) go only to an address the sender has proven.
      const proven =
        !!who.verifiedEmail && normalizeIdentifier(who.verifiedEmail) === normalizeIdentifier(row.email);
      await enqueueMail(
        tx,
        proven
          ? pitchReceivedEmail(mailTarget(row), ctx.config.publicUrl)
          : pitchReceivedNoticeEmail(row.email, languageOf(row.language), ctx.config.publicUrl),
      );
    });
  } catch (err) {
    await ctx.storage.delete(pdfKey).catch(() => {});
    throw err;
  }
  ctx.mail.nudge();
  return id;
}
