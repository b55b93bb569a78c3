import { AVATAR_MAX_PIXELS } from '@indiesplit/shared/constants';
import sharp from 'sharp';
import type { PdfChecker } from './pdf-check.ts';

// A document a person sends to prove something (a sophisticated investor's evidence, a studio's
// registration proof): PDF, PNG or JPEG judged by content, never by name or the type the browser
// claims. A PDF is parsed in the checker's worker (ADR 0017) and must open (not broken, not
// encrypted: staff have to read it); an image must decode within the pixel limit. Such files are
// kept as sent (a document must stay legible) and only ever served as attachments.

export type DocumentType = 'application/pdf' | 'image/png' | 'image/jpeg';

const EXTENSIONS: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};
export const documentExtension = (type: DocumentType) => EXTENSIONS[type];

const startsWith = (data: Buffer, bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

export function sniffDocument(data: Buffer): DocumentType | null {
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

/** The file's type when it is a readable PDF or image, else null. */
export async function checkDocument(checker: PdfChecker, data: Buffer): Promise<DocumentType | null> {
  const type = sniffDocument(data);
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
