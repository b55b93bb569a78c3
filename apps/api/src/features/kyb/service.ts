import { randomUUID } from 'node:crypto';
import { plusCalendarMonths } from '@indiesplit/shared/investing';
import {
  type BackofficeKybDetail,
  type BackofficeKybItem,
  KYB_DOCUMENT_MAX_BYTES,
  type KybDecisionRequest,
  type KybDocumentType,
  type KybMode,
  type KybRecordDto,
  type KybSubmission,
  kybSubmissionFor,
  type StudioKybDto,
} from '@indiesplit/shared/kyb';
import { isMessageKey, type MessageKey } from '@indiesplit/shared/messages';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../platform/access.ts';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { checkDocument, documentExtension } from '../../platform/documents.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { safeDownloadName } from '../../platform/file-names.ts';
import { mayReadKybDocument } from './policies.ts';
import * as prepo from './provider-repo.ts';
import {
  kybAtProvider,
  providerStateOf,
  sendStudioKyb,
  syncPayoutAccount,
  syncStudioKyb,
} from './provider-studio.ts';
import * as repo from './repo.ts';

// Studios' verification (KYB, ECSP Art 5; ADR 0036). A developer account sends its legal entity,
// registration proof, beneficial owners and the Art 5(2) declarations in one form; the proof is
// checked like every upload (ADR 0017), stored, then recorded with the submission in one
// transaction (deleted again if that fails). Admins approve — for KYB_VALID_MONTHS — or refuse with
// a reason the studio reads; the studio may send again after a refusal, and to renew an approval.
// A campaign opens only while its studio has an approval running (assertStudioVerified).
//
// In provider mode (PAYMENTS=sandbox|mangopay) the form asks what the provider needs besides, and
// the recorded submission is then sent to the provider, whose verdict decides it
// (provider-studio.ts); staff's decision stays as the fallback.

export interface KybUpload {
  data: Buffer;
  fileName: string | undefined;
}

export interface KybForm {
  /** The `data` field as sent: JSON of KybSubmission, or undefined when missing. */
  data: string | undefined;
  file: KybUpload | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: string) => UUID.test(v);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const documentError = (code: MessageKey, status = 400) =>
  new AppError(code, status, { fields: { registration_proof: code } });

/** Field errors keyed by the path the form uses (`ubos.0.birth_date`), first one per field. */
function validate(data: string | undefined, mode: KybMode): KybSubmission {
  let raw: unknown;
  try {
    raw = data === undefined ? {} : JSON.parse(data);
  } catch {
    throw new AppError('invalidRequest', 400);
  }
  const parsed = kybSubmissionFor(mode).safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, MessageKey> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
      if (!fields[field]) fields[field] = isMessageKey(issue.message) ? issue.message : 'invalidValue';
    }
    throw new AppError(Object.values(fields)[0] ?? 'invalidRequest', 400, { fields });
  }
  return parsed.data;
}

const kybFileName = (original: string | null | undefined, type: KybDocumentType) =>
  safeDownloadName(original, documentExtension(type), 'registration-proof');

export function toRecord(row: repo.KybRow): KybRecordDto {
  return {
    id: row.id,
    decision: row.decision as KybRecordDto['decision'],
    legal_name: row.legalName,
    registration_number: row.registrationNumber,
    country: row.country,
    registered_address: row.registeredAddress,
    registered_office: row.registeredOffice ?? null,
    representative_country_of_residence: row.representativeResidence,
    payout_iban: row.payoutIban,
    representative_first_name: row.representativeFirstName,
    representative_last_name: row.representativeLastName,
    representative_birth_date: row.representativeBirthDate,
    representative_nationality: row.representativeNationality,
    representative_email: row.representativeEmail,
    ubos: row.ubos.map((u) => ({
      first_name: u.first_name,
      last_name: u.last_name,
      birth_date: u.birth_date,
      nationality: u.nationality,
      address: u.address,
      ownership_percent: u.ownership_bp / 100,
      ...(u.residence ? { residence: u.residence } : {}),
      ...(u.birthplace_city ? { birthplace_city: u.birthplace_city } : {}),
      ...(u.birthplace_country ? { birthplace_country: u.birthplace_country } : {}),
    })),
    document: {
      file_name: row.documentName,
      content_type: row.documentType as KybDocumentType,
      size_bytes: row.documentSize,
    },
    submitted_at: row.submittedAt.toISOString(),
    decided_at: iso(row.decidedAt),
    refusal_reason: row.refusalReason,
    valid_until: iso(row.validUntil),
  };
}

/** What the studio sees of its verification at `now`. */
export async function getStudioKyb(ctx: AppContext, userId: string, now = new Date()): Promise<StudioKybDto> {
  const rows = await repo.kybOf(ctx.db, userId);
  const latest = rows[0];
  const running = rows.find((r) => r.decision === 'approved' && r.validUntil && r.validUntil > now);
  let status: StudioKybDto['status'] = 'none';
  if (latest?.decision === 'submitted') status = 'submitted';
  else if (latest?.decision === 'refused') status = 'refused';
  else if (latest?.decision === 'approved') status = running === latest ? 'approved' : 'expired';
  return {
    mode: kybAtProvider(ctx) ? 'provider' : 'manual',
    provider: kybAtProvider(ctx) ? await providerStateOf(ctx, latest) : null,
    status,
    approved_until: iso(running?.validUntil),
    can_submit: latest?.decision !== 'submitted',
    latest: latest ? toRecord(latest) : null,
  };
}

/**
 * The studio's page: in provider mode its waiting submission is first sent again (when a fault
 * stopped it) or read back from the provider, and so is a payout account waiting for its
 * confirmation.
 */
export async function visitStudioKyb(ctx: AppContext, userId: string): Promise<StudioKybDto> {
  const latest = (await repo.kybOf(ctx.db, userId))[0];
  if (latest?.decision === 'submitted') await syncStudioKyb(ctx, latest.id);
  await syncPayoutAccount(ctx, latest);
  return getStudioKyb(ctx, userId);
}

/**
 * Records a studio's submission. Only a developer account sends one, and only while none waits
 * for staff; the unique index on waiting submissions settles two sent at the same moment.
 */
export async function submitKyb(
  ctx: AppContext,
  userId: string,
  readForm: () => Promise<KybForm>,
  now = new Date(),
): Promise<StudioKybDto> {
  const account = await repo.studioAccount(ctx.db, userId);
  if (!account || account.deletedAt) throw notFound();
  if (!account.userTypes.includes('developer')) throw new AppError('kybDeveloperOnly', 403);
  if ((await repo.kybOf(ctx.db, userId))[0]?.decision === 'submitted')
    throw new AppError('kybAlreadySubmitted', 409);
  // One PDF-check slot for the whole form bounds how many forms are held in memory at once.
  const slot = ctx.pdfChecks.acquire();
  let storedKey: string | null = null;
  let toSend: string | null = null;
  try {
    const form = await readForm();
    const atProvider = kybAtProvider(ctx);
    const input = validate(form.data, atProvider ? 'provider' : 'manual');
    if (!form.file || form.file.data.length === 0) throw documentError('kybDocumentRequired');
    if (form.file.data.length > KYB_DOCUMENT_MAX_BYTES) throw documentError('kybDocumentInvalid', 413);
    const type = await checkDocument(ctx.pdfChecks, form.file.data);
    if (!type) throw documentError('kybDocumentInvalid');
    const key = `studio-kyb/${randomUUID()}.${documentExtension(type)}`;
    await ctx.storage.put(key, form.file.data);
    storedKey = key;
    const kybId = await ctx.db.transaction(async (tx) => {
      if ((await repo.kybOf(tx, userId))[0]?.decision === 'submitted')
        throw new AppError('kybAlreadySubmitted', 409);
      const row = await repo
        .insertKyb(tx, {
          userId,
          legalName: input.legal_name,
          registrationNumber: input.registration_number,
          country: input.country,
          registeredAddress: input.registered_address,
          registeredOffice: input.registered_office ?? null,
          representativeResidence: input.representative_country_of_residence ?? null,
          payoutIban: input.payout_iban ?? null,
          representativeFirstName: input.representative_first_name,
          representativeLastName: input.representative_last_name,
          representativeBirthDate: input.representative_birth_date,
          representativeNationality: input.representative_nationality,
          representativeEmail: input.representative_email,
          ubos: input.ubos.map((u) => ({
            first_name: u.first_name,
            last_name: u.last_name,
            birth_date: u.birth_date,
            nationality: u.nationality,
            address: u.address,
            ownership_bp: Math.round(u.ownership_percent * 100),
            ...(u.residence ? { residence: u.residence } : {}),
            ...(u.birthplace_city ? { birthplace_city: u.birthplace_city } : {}),
            ...(u.birthplace_country ? { birthplace_country: u.birthplace_country } : {}),
          })),
          declarations: {
            no_convictions: input.no_convictions,
            not_high_risk_jurisdiction: input.not_high_risk_jurisdiction,
            accurate: input.accurate,
          },
          documentKey: key,
          documentName: kybFileName(form.file?.fileName, type),
          documentType: type,
          documentSize: form.file?.data.length ?? 0,
          submittedAt: now,
        })
        .catch((err: unknown) => {
          // Another submission of the same studio won the race for the one waiting place.
          if ((err as { code?: string }).code === '23505') throw new AppError('kybAlreadySubmitted', 409);
          throw err;
        });
      await recordEvent(tx, {
        userId,
        kind: 'kyb_submitted',
        data: { kyb_id: row.id, legal_name: row.legalName, country: row.country },
      });
      // Provider mode: the row that sends it, in the same transaction (sent below, or retried).
      if (atProvider) await prepo.insertSend(tx, row.id, userId);
      return row.id;
    });
    storedKey = null; // recorded: nothing to clean up
    if (atProvider) toSend = kybId;
  } finally {
    slot.release();
    if (storedKey) await ctx.storage.delete(storedKey).catch(() => {});
  }
  // A provider fault loses nothing: the row waits, and the job or the next visit sends it.
  if (toSend) await sendStudioKyb(ctx, toSend);
  return getStudioKyb(ctx, userId, now);
}

/**
 * An admin's decision on a waiting submission: approve (it runs `config.kybValidMonths` from now)
 * or refuse with the reason the studio reads. Audited in the same transaction.
 */
export async function decideKyb(
  ctx: AppContext,
  adminId: string,
  id: string,
  body: KybDecisionRequest,
  now = new Date(),
): Promise<BackofficeKybDetail> {
  if (!isUuid(id)) throw notFound();
  const approve = body.decision === 'approve';
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockKyb(tx, id);
    if (!row) throw notFound();
    if (row.decision !== 'submitted') throw new AppError('kybNotWaiting', 409);
    const validUntil = approve ? plusCalendarMonths(now, ctx.config.kybValidMonths) : null;
    const reason = approve ? null : (body.reason ?? '').trim();
    if (!approve && !reason)
      throw new AppError('kybRefusalReason', 400, { fields: { reason: 'kybRefusalReason' } });
    await repo.decide(tx, id, {
      decision: approve ? 'approved' : 'refused',
      decidedAt: now,
      decidedBy: adminId,
      refusalReason: reason,
      validUntil,
    });
    await recordEvent(tx, {
      userId: row.userId,
      kind: approve ? 'kyb_approved' : 'kyb_refused',
      data: {
        kyb_id: id,
        by: adminId,
        ...(validUntil ? { valid_until: validUntil.toISOString() } : { reason }),
      },
    });
  });
  return getKybDetail(ctx, id);
}

const LIST_LIMIT = 200;

export async function listKyb(
  ctx: AppContext,
  decision: 'submitted' | 'approved' | 'refused' | undefined,
): Promise<BackofficeKybItem[]> {
  const rows = await repo.listKyb(ctx.db, decision, LIST_LIMIT);
  return rows.map(({ kyb, username, email }) => ({
    id: kyb.id,
    studio: { id: kyb.userId, username, email },
    legal_name: kyb.legalName,
    country: kyb.country,
    decision: kyb.decision as BackofficeKybItem['decision'],
    submitted_at: kyb.submittedAt.toISOString(),
    decided_at: iso(kyb.decidedAt),
    valid_until: iso(kyb.validUntil),
  }));
}

export async function getKybDetail(ctx: AppContext, id: string): Promise<BackofficeKybDetail> {
  if (!isUuid(id)) throw notFound();
  const row = await repo.findKyb(ctx.db, id);
  if (!row) throw notFound();
  const account = await repo.studioAccount(ctx.db, row.userId);
  const decider = row.decidedBy ? await repo.studioAccount(ctx.db, row.decidedBy) : undefined;
  const history = (await repo.kybOf(ctx.db, row.userId)).filter((r) => r.id !== row.id).map(toRecord);
  return {
    record: toRecord(row),
    studio: { id: row.userId, username: account?.username ?? '', email: account?.email ?? '' },
    decided_by: decider?.username ?? null,
    history,
  };
}

/** The registration proof, for its studio or an admin; always served as an attachment. */
export async function downloadKybDocument(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<{ data: Buffer; fileName: string; type: KybDocumentType }> {
  if (!isUuid(id)) throw notFound();
  const row = await repo.findKyb(ctx.db, id);
  if (!row || !mayReadKybDocument(caller, row.userId)) throw notFound();
  const data = await ctx.storage.get(row.documentKey);
  if (!data) throw notFound();
  const type = row.documentType as KybDocumentType;
  return { data, fileName: kybFileName(row.documentName, type), type };
}

/** Whether the studio has an approval running at `now`. */
export async function isStudioVerified(db: Db, studioId: string | null, now: Date): Promise<boolean> {
  if (!studioId) return false;
  return (await repo.runningApproval(db, studioId, now)) !== undefined;
}

/** The opening gate: 409 studioKybRequired unless the studio has an approval running at `now`. */
export async function assertStudioVerified(db: Db, studioId: string | null, now: Date): Promise<void> {
  if (!(await isStudioVerified(db, studioId, now)))
    throw new AppError('studioKybRequired', 409, { fields: { studio_kyb: 'studioKybRequired' } });
}

/**
 * The demo studio's verification, for development starts only (seed): the same submission and the
 * same approval an admin gives, recorded at once with a generated registration proof, so that the
 * demo's scheduled showcase opens as a verified studio's would. Idempotent: nothing happens while
 * the studio has an approval running.
 */
export async function ensureDemoStudioVerified(
  deps: Pick<AppContext, 'db' | 'storage' | 'config'>,
  userId: string,
  input: KybSubmission,
  document: { data: Buffer; fileName: string },
  now = new Date(),
): Promise<boolean> {
  if (deps.config.isProduction) return false;
  if (await isStudioVerified(deps.db, userId, now)) return false;
  const type: KybDocumentType = 'application/pdf';
  const key = `studio-kyb/${randomUUID()}.${documentExtension(type)}`;
  await deps.storage.put(key, document.data);
  await deps.db.transaction(async (tx) => {
    const row = await repo.insertKyb(tx, {
      userId,
      decision: 'approved',
      legalName: input.legal_name,
      registrationNumber: input.registration_number,
      country: input.country,
      registeredAddress: input.registered_address,
      representativeFirstName: input.representative_first_name,
      representativeLastName: input.representative_last_name,
      representativeBirthDate: input.representative_birth_date,
      representativeNationality: input.representative_nationality,
      representativeEmail: input.representative_email,
      ubos: input.ubos.map((u) => ({
        first_name: u.first_name,
        last_name: u.last_name,
        birth_date: u.birth_date,
        nationality: u.nationality,
        address: u.address,
        ownership_bp: Math.round(u.ownership_percent * 100),
      })),
      declarations: {
        no_convictions: input.no_convictions,
        not_high_risk_jurisdiction: input.not_high_risk_jurisdiction,
        accurate: input.accurate,
      },
      documentKey: key,
      documentName: kybFileName(document.fileName, type),
      documentType: type,
      documentSize: document.data.length,
      submittedAt: now,
      decidedAt: now,
      validUntil: plusCalendarMonths(now, deps.config.kybValidMonths),
    });
    await recordEvent(tx, { userId, kind: 'kyb_approved', data: { kyb_id: row.id, by: null, demo: true } });
  });
  return true;
}
