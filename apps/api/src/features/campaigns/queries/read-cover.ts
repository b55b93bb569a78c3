import type { AppContext } from '../../../platform/context.ts';

/** A stored cover by its file name (random, see uploadCover); null when there is none. */
export async function readCover(ctx: AppContext, file: string): Promise<Buffer | null> {
  return ctx.storage.get(`covers/${file}`);
}
