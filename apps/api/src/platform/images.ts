import { AVATAR_MAX_PIXELS } from '@indiesplit/shared/constants';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from './errors.ts';

type ImageFormat = 'jpeg' | 'png' | 'webp';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SIGNATURES: Array<{ format: ImageFormat; test: (b: Buffer) => boolean }> = [
  { format: 'jpeg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: 'png', test: (b) => b.length > 8 && b.subarray(0, 8).equals(PNG_MAGIC) },
  {
    format: 'webp',
    test: (b) =>
      b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

export interface ReencodeOptions {
  width: number;
  height: number;
  quality: number;
  /** 'cover' (default): exactly width × height, cropped; 'inside': kept whole within them, never enlarged. */
  fit?: 'cover' | 'inside';
}

/**
 * Accepts JPEG, PNG or WebP judged by content, never by name or declared type; refuses pixel bombs
 * (and animations) before decoding; re-encodes to a WebP of exactly width × height (cropped to
 * cover), which drops every byte of the original (EXIF, GPS, trailing payloads) but the pixels.
 * Fails with `invalidImage` or `imageTooManyPixels`.
 */
export async function reencodeImage(
  data: Buffer,
  { width, height, quality, fit = 'cover' }: ReencodeOptions,
): Promise<Buffer> {
  const signature = SIGNATURES.find((s) => s.test(data));
  if (!signature) throw badRequest('invalidImage');
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('invalidImage');
  }
  if (meta.format !== signature.format || !meta.width || !meta.height) throw badRequest('invalidImage');
  if (meta.width * meta.height > AVATAR_MAX_PIXELS || (meta.pages ?? 1) > 1) {
    throw badRequest('imageTooManyPixels');
  }
  try {
    return await sharp(data, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(width, height, fit === 'inside' ? { fit, withoutEnlargement: true } : { fit })
      .webp({ quality })
      .toBuffer();
  } catch {
    throw badRequest('invalidImage');
  }
}
