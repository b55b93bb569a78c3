import { ErrorResponse } from '@indiesplit/shared/auth';
import {
  ContactRequest,
  ContactResponse,
  MyPitchesResponse,
  PITCH_PDF_MAX_BYTES,
  PitchDto,
  ResubmitResponse,
  SUBMIT_PROJECT_FIELDS,
  SubmitProjectResponse,
} from '@indiesplit/shared/pitches';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { hasControlCharacters } from '../../platform/input-guard.ts';
import { readIntoSharedMemory } from '../../platform/pdf-check.ts';
import { addContact } from './commands/add-contact.ts';
import { resubmitPitch } from './commands/resubmit-pitch.ts';
import { submitPitch } from './commands/submit-pitch.ts';
import type { SubmissionForm } from './pitch-form.ts';
import { getMyPitch } from './queries/get-my-pitch.ts';
import { listMyPitches } from './queries/list-my-pitches.ts';
import type { SubmissionFields } from './submission.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };
const FIELD_NAMES: ReadonlySet<string> = new Set(SUBMIT_PROJECT_FIELDS);
/** Room for the text fields (each at most 64 kB) and the multipart framing around the deck. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

const tooLarge = () => new AppError('pdfTooLarge', 413, { fields: { pitch_file: 'pdfTooLarge' } });
const isFileTooLarge = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads the submission form. The app's multipart defaults (5 MB, 10 fields) are for avatars; this
 * form has fourteen fields and a deck of up to 25 MB. Only `pitch_file` is kept among files, only
 * the known fields among texts; a text over 64 kB is cut by the parser and refused here. The deck
 * is read into shared memory as it arrives, which the PDF check's worker then reads (ADR 0017).
 */
async function readSubmissionForm(req: FastifyRequest): Promise<SubmissionForm> {
  if (!req.isMultipart()) throw badRequest('pdfRequired', { pitch_file: 'pdfRequired' });
  // A body announced larger than the deck and the form together is refused before any byte is read.
  const announced = Number(req.headers['content-length'] ?? 0) || 0;
  if (announced > PITCH_PDF_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  const fields: SubmissionFields = {};
  let pdf: Buffer | null = null;
  const parts = req.parts({
    limits: { fileSize: PITCH_PDF_MAX_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 32 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'pitch_file') {
          part.file.resume();
          continue;
        }
        pdf = await readIntoSharedMemory(part.file, Math.min(announced, PITCH_PDF_MAX_BYTES + 1));
        if (part.file.truncated) throw tooLarge();
      } else if (FIELD_NAMES.has(part.fieldname) && !(part.fieldname in fields)) {
        if (part.valueTruncated) throw badRequest('textTooLong', { [part.fieldname]: 'textTooLong' });
        // Multipart text never reaches the app-wide check of parsed bodies (platform/input-guard.ts).
        if (hasControlCharacters(String(part.value ?? '')))
          throw badRequest('controlCharacters', { [part.fieldname]: 'controlCharacters' });
        fields[part.fieldname as keyof SubmissionFields] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (isFileTooLarge(err)) throw tooLarge();
    throw err;
  }
  return { fields, pdf };
}

export async function pitchRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pitches'];
  const IdParams = z.object({ id: z.string().max(100) });

  r.post(
    '/projects/add-contact/',
    {
      schema: {
        tags,
        summary: 'Pitch step 1: leave a name and email, optionally asking for a call back',
        body: ContactRequest,
        response: { 200: ContactResponse, ...errors },
      },
    },
    async (req) => {
      const id = await addContact(ctx, req.body, { language: requestLanguage(req), ip: req.ip });
      return { success: true as const, id };
    },
  );

  r.post(
    '/projects/submit-project/',
    {
      schema: {
        tags,
        summary:
          'Pitch step 2: submit a project (multipart: the spec fields and pitch_file, a PDF ≤ 25 MB; 503 with Retry-After while too many uploads are being checked)',
        consumes: ['multipart/form-data'],
        response: { 201: SubmitProjectResponse, 413: ErrorResponse, 503: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const id = await submitPitch(
        ctx,
        {
          userId: req.session?.user.id ?? null,
          language: requestLanguage(req),
          ip: req.ip,
          verifiedEmail: req.session?.user.emailVerified ? req.session.user.email : null,
        },
        () => readSubmissionForm(req),
      );
      return reply.status(201).send({ success: true as const, id });
    },
  );

  r.get(
    '/projects/mine/',
    {
      schema: {
        tags,
        summary: 'My pitches: sent from this account, or logged out from its verified address',
        response: { 200: MyPitchesResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { pitches: await listMyPitches(ctx, requireSession(req)) };
    },
  );

  r.get(
    '/projects/:id/',
    {
      schema: {
        tags,
        summary: 'One of my pitches (404 for anyone else’s)',
        params: IdParams,
        response: { 200: PitchDto, 404: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyPitch(ctx, requireSession(req), req.params.id);
    },
  );

  r.post(
    '/projects/:id/resubmit/',
    {
      schema: {
        tags,
        summary: 'Send a pitch again after changes were requested (multipart; pitch_file optional)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: {
          200: ResubmitResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          413: ErrorResponse,
          503: ErrorResponse,
          ...errors,
        },
      },
    },
    async (req) => {
      const session = requireSession(req);
      const pitch = await resubmitPitch(ctx, session, req.params.id, req.ip, () => readSubmissionForm(req));
      return { success: true as const, id: pitch.id, pitch };
    },
  );
}
