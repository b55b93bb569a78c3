import { AVATAR_MAX_BYTES } from '@indiesplit/shared/constants';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * The one image of a multipart upload, in the form field `field`, read into memory within the
 * upload limit (5 MB, one file). Anything else is 400 `invalidImage`; a larger file stops being
 * read at the limit and is 413 `imageTooLarge`. What the bytes are is checked afterwards, when the
 * image is re-encoded (images.ts).
 */
export async function readImageUpload(req: FastifyRequest, field: string): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('invalidImage');
  const part = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  if (part?.fieldname !== field) throw badRequest('invalidImage');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('imageTooLarge', 413);
    throw err;
  }
}
