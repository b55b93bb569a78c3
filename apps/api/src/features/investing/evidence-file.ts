import { AVATAR_MAX_PIXELS } from '@indiesplit/shared/constants';
import type { EVIDENCE_TYPES } from '@indiesplit/shared/investing';
import sharp from 'sharp';
import { safeDownloadName } from '../../platform/file-names.ts';
import type { PdfChecker } from '../../platform/pdf-check.ts';

// The evidence of a sophisticated-investor request (ADR 0033): PDF, PNG or JPEG judged by content,
// never by name or the type the browser claims. A PDF is parsed in the checker's worker (ADR 0017)
// and must open (not broken, not encrypted: an admin has to read it); an image must decode within
// the pixel limit. Files are kept as sent (a document must stay legible; re-encoding an image to a
// thumbnail would not do) and are only ever served as attachments.

export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

const EXTENSIONS: Record<EvidenceType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};
export const evidenceExtension = (type: EvidenceType) => EXTENSIONS[type];

const startsWith = (data: Buffer, bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

export function sniffEvidence(data: Buffer): EvidenceType | null {
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

/** The file's type when it is a readable PDF or image, else null. */
export async function checkEvidence(checker: PdfChecker, data: Buffer): Promise<EvidenceType | null> {
  const type = sniffEvidence(data);
  if (!type) return null;
  if (type === 'application/pdf') return (await checker.check(data)).ok ? type : null;
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    const format = type === 'image/png' ? 'png' : 'jpeg';
    if (meta.format !== format || !meta.width || !meta.height) return null;
    if (meta.width * meta.height > AVATAR_MAX_PIXELS || (meta.pages ?? 1) > 1) return null;
    return type;
  } catch {
    return null;
  }
}

/** A safe download name: the original's letters, digits, dots, dashes and underscores, with the right extension. */
export const evidenceFileName = (original: string | null | undefined, type: EvidenceType) =>
  safeDownloadName(original, EXTENSIONS[type], 'evidence');
