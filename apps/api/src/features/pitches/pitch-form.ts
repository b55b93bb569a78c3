import { randomBytes } from 'node:crypto';
import type { MessageKey } from '@indiesplit/shared/messages';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { encryptPitchPassword } from './pitch-password.ts';
import {
  checkPitchPdf,
  looksLikePdf,
  type PitchInput,
  parseSubmission,
  type SubmissionFields,
} from './submission.ts';

// What submitting and resubmitting a pitch share: the form as read, its checks, and its columns.

/** The upload as the route read it: text fields and, when one was sent, the PDF's bytes. */
export interface SubmissionForm {
  fields: SubmissionFields;
  pdf: Buffer | null;
}

/** Every field error and the file's cheap checks in one answer; the PDF is parsed only after. */
export async function validate(
  ctx: AppContext,
  form: SubmissionForm,
  pdfRequired: boolean,
): Promise<PitchInput> {
  const parsed = parseSubmission(form.fields);
  const errors: Record<string, MessageKey> = { ...parsed.errors };
  const pdf = form.pdf && form.pdf.length > 0 ? form.pdf : null;
  if (!pdf && pdfRequired) errors.pitch_file = 'pdfRequired';
  else if (pdf && !looksLikePdf(pdf)) errors.pitch_file = 'invalidPdf';
  const first = Object.values(errors)[0];
  if (first || !parsed.input) throw badRequest(first ?? 'invalidRequest', errors);
  if (pdf) await checkPitchPdf(ctx.pdfChecks, pdf);
  return parsed.input;
}

export function pitchColumns(ctx: AppContext, id: string, input: PitchInput) {
  return {
    name: input.name,
    email: input.email,
    projectName: input.projectName,
    productionBudgetCents: input.productionBudgetCents,
    requiredFundingCents: input.requiredFundingCents,
    platforms: input.platforms,
    isDebutTitle: input.isDebutTitle,
    expectedReleaseDate: input.expectedReleaseDate,
    lookingFor: input.lookingFor,
    planToChoosePublisher: input.planToChoosePublisher,
    notes: input.notes,
    trailerLink: input.trailerLink,
    demoLink: input.demoLink,
    pitchPasswordEnc: input.pitchPassword
      ? encryptPitchPassword(ctx.config.sessionSecret, id, input.pitchPassword)
      : null,
  };
}

export const newPdfKey = () => `pitches/${randomBytes(16).toString('hex')}.pdf`;
