import type { MyPitchDto } from '@indiesplit/shared/pitches';
import type { AppContext } from '../../../platform/context.ts';
import type { Session } from '../../../platform/sessions.ts';
import { verifiedEmailOf } from '../developer-pitches.ts';
import * as repo from '../repo.ts';
import { toPitchDto } from '../service.ts';

export async function listMyPitches(ctx: AppContext, session: Session): Promise<MyPitchDto[]> {
  const rows = await repo.listPitchesOf(ctx.db, session.user.id, verifiedEmailOf(session));
  const campaigns = await repo.campaignsOfPitches(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const c = campaigns.get(row.id);
    return { ...toPitchDto(row), campaign: c ? { id: c.id, slug: c.slug, status: c.status } : null };
  });
}
