import { randomUUID } from 'node:crypto';
import {
  EVIDENCE_MAX_FILES,
  type InvestorProfileDto,
  SOPHISTICATED_REMINDER_DAYS,
  SophisticatedRequest,
} from '@indiesplit/shared/investing';
import { isMessageKey, type MessageKey } from '@indiesplit/shared/messages';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { checkEvidence, type EvidenceType, evidenceExtension, evidenceFileName } from '../evidence-file.ts';
import { getProfile } from '../profile.ts';
import * as profileRepo from '../profile-repo.ts';

// A request to be treated as sophisticated (Annex II, ADR 0033): the criteria ticked and the
// documents that prove them, in one multipart form. The files are checked, stored, then recorded
// with the request in one transaction; if that fails they are deleted again.

export interface EvidenceUpload {
  data: Buffer;
  fileName: string | undefined;
}

export interface SophisticatedForm {
  fields: { person_type?: string; criteria: string[]; reason?: string };
  files: EvidenceUpload[];
}

const DAY_MS = 86_400_000;

const evidenceError = (code: MessageKey, status = 400) =>
  new AppError(code, status, { fields: { evidence: code } });

function validate(form: SophisticatedForm): SophisticatedRequest {
  const parsed = SophisticatedRequest.safeParse(form.fields);
  if (!parsed.success) {
    const fields: Record<string, MessageKey> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '_');
      if (!fields[field]) fields[field] = isMessageKey(issue.message) ? issue.message : 'invalidValue';
    }
    throw new AppError(Object.values(fields)[0] ?? 'invalidRequest', 400, { fields });
  }
  return parsed.data;
}

export async function requestSophisticated(
  ctx: AppContext,
  userId: string,
  readForm: () => Promise<SophisticatedForm>,
): Promise<InvestorProfileDto> {
  // A request already waiting is refused before its files are read (the transaction decides).
  const before = await profileRepo.findProfile(ctx.db, userId);
  if (before?.profile?.sophisticatedRequest === 'requested')
    throw new AppError('sophisticatedAlreadyRequested', 409);
  // One PDF-check slot for the whole form bounds how many forms are held in memory at once.
  const slot = ctx.pdfChecks.acquire();
  const keys: string[] = [];
  try {
    const form = await readForm();
    const input = validate(form);
    if (form.files.length === 0) throw evidenceError('evidenceRequired');
    if (form.files.length > EVIDENCE_MAX_FILES) throw evidenceError('evidenceInvalid');
    const checked: Array<{ upload: EvidenceUpload; type: EvidenceType }> = [];
    for (const upload of form.files) {
      const type = await checkEvidence(ctx.pdfChecks, upload.data);
      if (!type) throw evidenceError('evidenceInvalid');
      checked.push({ upload, type });
    }
    const requestedAt = new Date();
    const rows: profileRepo.NewEvidence[] = [];
    for (const { upload, type } of checked) {
      const key = `sophisticated-evidence/${randomUUID()}.${evidenceExtension(type)}`;
      await ctx.storage.put(key, upload.data);
      keys.push(key);
      rows.push({
        userId,
        requestedAt,
        storageKey: key,
        fileName: evidenceFileName(upload.fileName, type),
        contentType: type,
        sizeBytes: upload.data.length,
      });
    }
    await ctx.db.transaction(async (tx) => {
      await profileRepo.upsertProfile(tx, userId, {});
      const p = await profileRepo.lockProfile(tx, userId);
      if (p?.sophisticatedRequest === 'requested') throw new AppError('sophisticatedAlreadyRequested', 409);
      // A running approval is renewed from its reminder on: the investor stays sophisticated until
      // its end while an admin decides (ADR 0033).
      const renewable =
        p?.sophisticatedValidUntil &&
        p.sophisticatedValidUntil.getTime() - requestedAt.getTime() <= SOPHISTICATED_REMINDER_DAYS * DAY_MS;
      if (p?.investorClass === 'sophisticated' && !renewable)
        throw new AppError('sophisticatedAlreadyApproved', 409);
      await profileRepo.upsertProfile(tx, userId, {
        sophisticatedRequest: 'requested',
        sophisticatedPersonType: input.person_type,
        sophisticatedCriteria: [...new Set(input.criteria)],
        sophisticatedReason: input.reason || null,
        sophisticatedRequestedAt: requestedAt,
        sophisticatedDecidedAt: null,
        sophisticatedDecidedBy: null,
        sophisticatedDecisionReason: null,
      });
      await profileRepo.insertEvidence(tx, rows);
    });
    keys.length = 0; // recorded: nothing to clean up
  } finally {
    slot.release();
    for (const key of keys) await ctx.storage.delete(key).catch(() => {});
  }
  return getProfile(ctx, userId);
}
