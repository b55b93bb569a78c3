import type { EVIDENCE_TYPES } from '@indiesplit/shared/investing';
import { checkDocument, documentExtension } from '../../platform/documents.ts';
import { safeDownloadName } from '../../platform/file-names.ts';
import type { PdfChecker } from '../../platform/pdf-check.ts';

// The evidence of a sophisticated-investor request (ADR 0033): a document as platform/documents.ts
// checks it (PDF, PNG or JPEG by content), kept as sent and only ever served as an attachment.

export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

export const evidenceExtension = (type: EvidenceType) => documentExtension(type);

/** The file's type when it is a readable PDF or image, else null. */
export const checkEvidence = (checker: PdfChecker, data: Buffer): Promise<EvidenceType | null> =>
  checkDocument(checker, data);

/** A safe download name: the original's letters, digits, dots, dashes and underscores, with the right extension. */
export const evidenceFileName = (original: string | null | undefined, type: EvidenceType) =>
  safeDownloadName(original, documentExtension(type), 'evidence');
