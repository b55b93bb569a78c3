import type { Staff } from '../../../platform/access.ts';
import { recordEvent } from '../../../platform/audit.ts';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import * as repo from '../repo.ts';

/** An internal note: staff only, never shown to the complainant; allowed at every status. */
export async function addComplaintNote(
  ctx: AppContext,
  staff: Staff,
  id: string,
  body: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const complaint = await repo.lockComplaint(tx, id);
    if (!complaint) throw notFound();
    await repo.insertNote(tx, { complaintId: id, authorId: staff.id, body });
    await recordEvent(tx, { userId: staff.id, kind: 'complaint_note_added', data: { complaint_id: id } });
  });
}
