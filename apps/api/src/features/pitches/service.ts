import {
  canMovePitch,
  LOOKING_FOR,
  type LookingFor,
  PITCH_STATUSES,
  type PitchDto,
  type PitchStatus,
} from '@indiesplit/shared/pitches';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { asLanguage } from '../../platform/i18n.ts';
import { enqueueMail, eraseUnownedMailTo } from '../../platform/mailer.ts';
import { notifyMember } from '../notifications/service.ts';
import {
  approvedEmail,
  assignedEmail,
  changesRequestedEmail,
  type PitchMailTarget,
  rejectedEmail,
} from './emails.ts';
import { decryptPitchPassword } from './pitch-password.ts';
import * as repo from './repo.ts';

// Pitches: what the back office and account erasure ask of them (the presenter, the status
// machine, the files), beside the developer's own operations under commands/ and queries/.

export type { PitchRow } from './repo.ts';
export { findPitch, lockPitch } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const languageOf = asLanguage;

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

export function mailTarget(row: repo.PitchRow): PitchMailTarget {
  return {
    to: row.email,
    userId: row.userId,
    language: languageOf(row.language),
    name: row.name,
    projectName: row.projectName,
  };
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
    const mail =
      to === 'changes_requested'
        ? changesRequestedEmail(target, text, url)
        : to === 'rejected'
          ? rejectedEmail(target, text, url)
          : to === 'approved'
            ? approvedEmail(target, text, url)
            : null;
    // A decision notifies the developer's account in the app (ADR 0037), its email by their
    // preference; a pitch sent without an account gets the email alone.
    if (mail && moved.userId)
      await notifyMember(tx, url, {
        type: 'pitch_decision',
        userId: moved.userId,
        subjectId: moved.id,
        data: { decision: to },
        mail,
      });
    else if (mail) await enqueueMail(tx, mail);
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
  _options: { closingAccount: boolean },
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
  // Mail about a pitch sent logged out carries no account id: it is found by its address (mail
  // tied to an account is erased with the account).
  await eraseUnownedMailTo(tx, [...rows.map((r) => r.email), ...(verifiedEmail ? [verifiedEmail] : [])]);
  // Call-back requests carry no account: only a verified address shows they are this person's.
  if (verifiedEmail) await repo.deleteContactsByEmail(tx, verifiedEmail);
  return rows.map((r) => r.pdfKey).filter(Boolean);
}

export async function deletePitchFiles(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'pitch file not deleted'));
  }
}

/** The back office marks a call-back request called (or not yet): answers its id, or null. */
export function markContactCalled(db: Db, id: string, calledBy: string | null): Promise<string | null> {
  return repo.markContactCalled(db, id, calledBy);
}
