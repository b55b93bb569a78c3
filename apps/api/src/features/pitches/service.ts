import { randomBytes, randomUUID } from 'node:crypto';
import type { Language, MessageKey } from '@indiesplit/shared/messages';
import {
  type ContactRequest,
  canMovePitch,
  LOOKING_FOR,
  type LookingFor,
  PITCH_STATUSES,
  type PitchDto,
  type PitchStatus,
} from '@indiesplit/shared/pitches';
import { normalizeIdentifier } from '@indiesplit/shared/validation';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import { RULES } from '../../platform/rate-limit.ts';
import type { Session } from '../../platform/sessions.ts';
import {
  approvedEmail,
  assignedEmail,
  changesRequestedEmail,
  type PitchMailTarget,
  pitchReceivedEmail,
  pitchReceivedNoticeEmail,
  rejectedEmail,
  resubmittedEmail,
} from './emails.ts';
import { decryptPitchPassword, encryptPitchPassword } from './pitch-password.ts';
import * as repo from './repo.ts';
import {
  checkPitchPdf,
  looksLikePdf,
  type PitchInput,
  parseSubmission,
  type SubmissionFields,
} from './submission.ts';

export type { PitchRow } from './repo.ts';
export { findPitch, lockPitch } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const languageOf = asLanguage;

/** The upload as the route read it: text fields and, when one was sent, the PDF's bytes. */
export interface SubmissionForm {
  fields: SubmissionFields;
  pdf: Buffer | null;
}

export function statusOf(row: repo.PitchRow): PitchStatus {
  return (PITCH_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as PitchStatus)
    : 'submitted';
}

/** The one presenter of a pitch for its developer; the back office extends it. */
export function toPitchDto(row: repo.PitchRow): PitchDto {
  const status = statusOf(row);
  return {
    id: row.id,
    project_name: row.projectName,
    name: row.name,
    email: row.email,
    status,
    decision_message: row.decisionMessage,
    expected_production_budget_cents: row.productionBudgetCents,
    required_funding_size_cents: row.requiredFundingCents,
    distribution_platforms: row.platforms,
    is_debut_title: row.isDebutTitle,
    expected_release_date: row.expectedReleaseDate,
    i_am_looking_for: row.lookingFor.filter((v): v is LookingFor =>
      (LOOKING_FOR as readonly string[]).includes(v),
    ),
    plan_to_choose_publisher: row.planToChoosePublisher,
    notes: row.notes,
    trailer_link: row.trailerLink,
    demo_link: row.demoLink,
    has_pitch_password: row.pitchPasswordEnc !== null,
    pdf_bytes: row.pdfBytes,
    revision: row.revision,
    submitted_at: row.submittedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    can_resubmit: status === 'changes_requested',
  };
}

/** For staff only. null when there is none, or it was sealed under a secret since rotated. */
export function readPitchPassword(ctx: AppContext, row: repo.PitchRow): string | null {
  if (!row.pitchPasswordEnc) return null;
  const password = decryptPitchPassword(ctx.config.sessionSecret, row.id, row.pitchPasswordEnc);
  if (password === null)
    ctx.log.warn({ pitchId: row.id }, 'pitch password does not decrypt (secret rotated?)');
  return password;
}

export async function readPitchPdf(ctx: AppContext, row: repo.PitchRow): Promise<Buffer | null> {
  return row.pdfKey ? ctx.storage.get(row.pdfKey) : null;
}

/**
 * A download name that is safe in any header and file system: letters, digits, spaces, dots,
 * dashes and underscores only, accents folded ("Città" -> "Citta").
 */
export function pdfFileName(projectName: string): string {
  const base = projectName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/\.{2,}/g, '.')
    .replace(/^[\s._]+|[\s._]+$/g, '')
    .slice(0, 100);
  return `${base || 'pitch'}.pdf`;
}

// --- developer side -----------------------------------------------------------------------------

export async function addContact(
  ctx: AppContext,
  input: ContactRequest,
  who: { language: Language; ip: string },
): Promise<string> {
  await ctx.limiter.consume(RULES.addContactPerIp, who.ip);
  const row = await repo.insertContact(ctx.db, {
    name: input.name,
    email: input.email,
    askedForContact: input.asked_for_contact,
    language: who.language,
  });
  return row.id;
}

/** Every field error and the file's cheap checks in one answer; the PDF is parsed only after. */
async function validate(ctx: AppContext, form: SubmissionForm, pdfRequired: boolean): Promise<PitchInput> {
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

function pitchColumns(ctx: AppContext, id: string, input: PitchInput) {
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

const newPdfKey = () => `pitches/${randomBytes(16).toString('hex')}.pdf`;

function mailTarget(row: repo.PitchRow): PitchMailTarget {
  return {
    to: row.email,
    userId: row.userId,
    language: languageOf(row.language),
    name: row.name,
    projectName: row.projectName,
  };
}

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

const verifiedEmailOf = (session: Session) => (session.user.emailVerified ? session.user.email : null);

export async function listMyPitches(ctx: AppContext, session: Session): Promise<PitchDto[]> {
  const rows = await repo.listPitchesOf(ctx.db, session.user.id, verifiedEmailOf(session));
  return rows.map(toPitchDto);
}

async function findMine(db: Db, session: Session, id: string): Promise<repo.PitchRow> {
  const row = isUuid(id)
    ? await repo.findPitchOf(db, id, session.user.id, verifiedEmailOf(session))
    : undefined;
  // Someone else's pitch is "not found", never "forbidden": its existence is not revealed.
  if (!row) throw notFound();
  return row;
}

export async function getMyPitch(ctx: AppContext, session: Session, id: string): Promise<PitchDto> {
  return toPitchDto(await findMine(ctx.db, session, id));
}

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

// --- status machine -----------------------------------------------------------------------------

/**
 * The only way a pitch changes status: along PITCH_TRANSITIONS, only from the status the caller
 * read (a concurrent move makes this one fail with 409), with its event row and the developer's
 * email in the caller's transaction.
 */
export async function movePitch(
  ctx: AppContext,
  tx: Db,
  pitch: repo.PitchRow,
  to: PitchStatus,
  actorId: string | null,
  message: string | null,
  values: Partial<repo.NewPitchRow> = {},
  options: { notify?: boolean } = {},
): Promise<repo.PitchRow> {
  const from = statusOf(pitch);
  if (!canMovePitch(from, to)) throw new AppError('pitchTransitionNotAllowed', 409);
  const moved = await repo.moveStatus(tx, pitch.id, from, { ...values, status: to });
  if (!moved) throw new AppError('pitchTransitionNotAllowed', 409);
  await repo.insertEvent(tx, { pitchId: pitch.id, actorId, fromStatus: from, toStatus: to, message });
  if (options.notify !== false && moved.email) {
    const target = mailTarget(moved);
    const url = ctx.config.publicUrl;
    const text = message ?? '';
    if (to === 'changes_requested') await enqueueMail(tx, changesRequestedEmail(target, text, url));
    else if (to === 'rejected') await enqueueMail(tx, rejectedEmail(target, text, url));
    else if (to === 'approved') await enqueueMail(tx, approvedEmail(target, text, url));
  }
  return moved;
}

export async function queueAssignedMail(
  ctx: AppContext,
  tx: Db,
  pitch: repo.PitchRow,
  reviewer: { id: string; email: string; username: string; language: string },
): Promise<void> {
  await enqueueMail(
    tx,
    assignedEmail(
      {
        to: reviewer.email,
        userId: reviewer.id,
        language: languageOf(reviewer.language),
        username: reviewer.username,
        projectName: pitch.projectName,
        pitchId: pitch.id,
      },
      ctx.config.publicUrl,
    ),
  );
}

// --- erasure (ADR 0004, 0008) -------------------------------------------------------------------

const WITHDRAWN = 'Withdrawn: the developer erased their personal data.';

/**
 * Erases what the person's pitches and call-back requests say about them: open pitches are
 * withdrawn (rejected, with an event), then name, address, notes, links, the demo password and the
 * PDF go; the de-identified record stays for the review history. Returns the stored files to delete
 * once the caller's transaction has committed (a rollback must not lose them).
 */
export async function erasePitchDataOf(
  ctx: AppContext,
  tx: Db,
  person: { id: string; email: string; emailVerifiedAt: Date | null },
  options: { closingAccount: boolean },
): Promise<string[]> {
  const verifiedEmail = person.emailVerifiedAt ? person.email : null;
  const rows = await repo.listPitchesOf(tx, person.id, verifiedEmail);
  for (const row of rows) {
    if (canMovePitch(statusOf(row), 'rejected')) {
      await movePitch(
        ctx,
        tx,
        row,
        'rejected',
        person.id,
        WITHDRAWN,
        { decidedAt: new Date() },
        { notify: false },
      );
    }
  }
  await repo.erasePitches(
    tx,
    rows.map((r) => r.id),
    person.id,
  );
  await repo.deleteMailTo(tx, [...rows.map((r) => r.email), ...(verifiedEmail ? [verifiedEmail] : [])]);
  // Call-back requests carry no account: only a verified address shows they are this person's.
  if (verifiedEmail) await repo.deleteContactsByEmail(tx, verifiedEmail);
  if (options.closingAccount) await repo.deleteAssignmentsOf(tx, person.id);
  return rows.map((r) => r.pdfKey).filter(Boolean);
}

export async function deletePitchFiles(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'pitch file not deleted'));
  }
}
