import { amountErrorKey } from '@indiesplit/shared/money';
import { PITCH_NAME_MAX, PITCH_TEXT_MAX, PITCH_URL_MAX } from '@indiesplit/shared/pitches';
import { emailSchema, personNameSchema } from '@indiesplit/shared/validation';
import { z } from 'zod';
import { isHttpUrl, isPdf, isPdfSizeAllowed, isReleaseDateAllowed, parseEuro } from './pitch-logic.ts';

// The project form's rules (spec §3, §5): the shared name and email rules, and the form's own
// messages for the rest. Each check is a refinement, so every field is checked at once.

const trimmed = (v: string | null | undefined) => (v ?? '').trim();

const euro = (required: boolean) =>
  z.string().superRefine((value, ctx) => {
    const amount = parseEuro(value.trim());
    if (amount === null) {
      if (required) ctx.addIssue({ code: 'custom', message: 'pitch:errors.budgetRequired' });
    } else if (Number.isNaN(amount))
      ctx.addIssue({ code: 'custom', message: amountErrorKey(value, 'pitch:errors.amountInvalid') });
  });

const url = z.string().superRefine((raw, ctx) => {
  const value = raw.trim();
  if (!value) return;
  if (value.length > PITCH_URL_MAX) ctx.addIssue({ code: 'custom', message: 'pitch:errors.tooLong' });
  else if (!isHttpUrl(value)) ctx.addIssue({ code: 'custom', message: 'pitch:errors.invalidUrl' });
});

/** `today` is read at each check, so a form left open past midnight judges the date by the new day. */
export function projectFormSchema(today: () => Date, pdfRequired: boolean) {
  return z.object({
    name: z.string().trim().min(1, 'fillMandatory').pipe(personNameSchema),
    email: emailSchema,
    project_name: z
      .string()
      .trim()
      .min(1, 'pitch:errors.projectNameRequired')
      .max(PITCH_NAME_MAX, 'pitch:errors.tooLong'),
    expected_production_budget: euro(true),
    required_funding_size: euro(false),
    expected_release_date: z.string().superRefine((raw, ctx) => {
      const value = raw.trim();
      if (!value) ctx.addIssue({ code: 'custom', message: 'pitch:errors.releaseDateRequired' });
      else if (!isReleaseDateAllowed(value, today()))
        ctx.addIssue({ code: 'custom', message: 'pitch:errors.releaseDateTooSoon' });
    }),
    // The server refuses a pitch without a platform, so the form says so before sending.
    distribution_platforms: z.array(z.string()).min(1, 'selectPlatform'),
    i_am_looking_for: z
      .string()
      .nullable()
      .refine((v) => trimmed(v) !== '', 'pitch:errors.serviceRequired'),
    notes: z.string().refine((v) => v.trim().length <= PITCH_TEXT_MAX, 'pitch:errors.tooLong'),
    trailer_link: url,
    demo_link: url,
    pitch_file: z.custom<FileList | null>().superRefine((files, ctx) => {
      const file = files?.[0];
      const problem = !file
        ? pdfRequired
          ? 'pitch:errors.pdfRequired'
          : undefined
        : !isPdf(file)
          ? 'pitch:errors.pdfOnly'
          : isPdfSizeAllowed(file)
            ? undefined
            : 'pitch:errors.pdfTooLarge';
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}
