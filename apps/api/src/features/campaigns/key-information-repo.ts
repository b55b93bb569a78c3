import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keyInformationVersions } from '../../db/schema-key-information.ts';

// Queries of the key information sheet's versions (ADR 0029); campaigns is their only writer.

export type KeyInformationVersionRow = typeof keyInformationVersions.$inferSelect;

export async function latestVersion(
  db: Db,
  campaignId: string,
): Promise<KeyInformationVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(keyInformationVersions)
    .where(eq(keyInformationVersions.campaignId, campaignId))
    .orderBy(desc(keyInformationVersions.number))
    .limit(1);
  return row;
}

export async function versionOf(
  db: Db,
  campaignId: string,
  number: number,
): Promise<KeyInformationVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(keyInformationVersions)
    .where(and(eq(keyInformationVersions.campaignId, campaignId), eq(keyInformationVersions.number, number)));
  return row;
}

export function versionsOf(db: Db, campaignId: string): Promise<KeyInformationVersionRow[]> {
  return db
    .select()
    .from(keyInformationVersions)
    .where(eq(keyInformationVersions.campaignId, campaignId))
    .orderBy(desc(keyInformationVersions.number))
    .limit(500);
}

export async function insertVersion(
  db: Db,
  values: typeof keyInformationVersions.$inferInsert,
): Promise<KeyInformationVersionRow> {
  const [row] = await db.insert(keyInformationVersions).values(values).returning();
  if (!row) throw new Error('key information version insert failed');
  return row;
}
