import type { PitchDto } from '@indiesplit/shared/pitches';
import type { AppContext } from '../../../platform/context.ts';
import type { Session } from '../../../platform/sessions.ts';
import { verifiedEmailOf } from '../developer-pitches.ts';
import * as repo from '../repo.ts';
import { toPitchDto } from '../service.ts';

export async function listMyPitches(ctx: AppContext, session: Session): Promise<PitchDto[]> {
  const rows = await repo.listPitchesOf(ctx.db, session.user.id, verifiedEmailOf(session));
  return rows.map(toPitchDto);
}
