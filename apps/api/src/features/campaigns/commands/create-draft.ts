import type { Db } from '../../../db/client.ts';
import { campaigns } from '../../../db/schema-campaigns.ts';
import type { CampaignRow } from '../state.ts';

export type NewDraft = Omit<typeof campaigns.$inferInsert, 'id' | 'status'>;

/** A new campaign in draft: from an approved pitch, or one the platform starts itself (demo). */
export async function createDraft(tx: Db, values: NewDraft): Promise<CampaignRow> {
  const [row] = await tx
    .insert(campaigns)
    .values({ ...values, status: 'draft' })
    .returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
}

/** As createDraft, unless its address (or another unique value) is taken: then undefined (seeds). */
export async function createDraftIfAbsent(tx: Db, values: NewDraft): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .insert(campaigns)
    .values({ ...values, status: 'draft' })
    .onConflictDoNothing()
    .returning();
  return row;
}
