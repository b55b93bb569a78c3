import type { PitchDto } from '@indiesplit/shared/pitches';
import type { AppContext } from '../../../platform/context.ts';
import type { Session } from '../../../platform/sessions.ts';
import { findMine } from '../developer-pitches.ts';
import { toPitchDto } from '../service.ts';

export async function getMyPitch(ctx: AppContext, session: Session, id: string): Promise<PitchDto> {
  return toPitchDto(await findMine(ctx.db, session, id));
}
