import type { STATEMENT_TYPES } from '@indiesplit/shared/revenue';
import { safeDownloadName } from '../../platform/file-names.ts';

// A revenue report's statement file: its type read from its content, and a safe download name.

export type StatementType = (typeof STATEMENT_TYPES)[number];

export const EXTENSIONS: Record<StatementType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'text/csv': 'csv',
};

const startsWith = (data: Buffer, bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

/** The file's type from its content, never from the name or the type the browser claims. */
export function sniffStatement(data: Buffer): StatementType | null {
  if (data.length === 0) return null;
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (data.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'text/csv';
  } catch {
    return null;
  }
}

/** A safe download name: the original's letters, digits, dots, dashes and underscores, with the right extension. */
export const statementFileName = (original: string | null | undefined, type: StatementType) =>
  safeDownloadName(original, EXTENSIONS[type], 'statement');

export interface StatementUpload {
  data: Buffer;
  fileName: string | undefined;
}
