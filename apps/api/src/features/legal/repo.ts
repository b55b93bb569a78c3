import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { legalAcceptances, legalDocumentVersions } from '../../db/schema-legal.ts';

// Queries of the legal documents and their acceptances (ADR 0034). Only this feature writes them.

export type LegalVersionRow = typeof legalDocumentVersions.$inferSelect;

export async function findVersion(db: Db, document: string, version: number) {
  const [row] = await db
    .select()
    .from(legalDocumentVersions)
    .where(and(eq(legalDocumentVersions.document, document), eq(legalDocumentVersions.version, version)));
  return row ?? null;
}

/** The version in force at `now`: the highest one whose effective date has come. */
export async function findCurrentVersion(db: Db, document: string, now: Date) {
  const [row] = await db
    .select()
    .from(legalDocumentVersions)
    .where(and(eq(legalDocumentVersions.document, document), lte(legalDocumentVersions.effectiveAt, now)))
    .orderBy(desc(legalDocumentVersions.version))
    .limit(1);
  return row ?? null;
}

/** Versions in force now or before, newest first. */
export async function listPublishedVersions(db: Db, document: string, now: Date) {
  return db
    .select({ version: legalDocumentVersions.version, effectiveAt: legalDocumentVersions.effectiveAt })
    .from(legalDocumentVersions)
    .where(and(eq(legalDocumentVersions.document, document), lte(legalDocumentVersions.effectiveAt, now)))
    .orderBy(desc(legalDocumentVersions.version))
    .limit(200);
}

export async function listRecordedHashes(db: Db) {
  return db
    .select({
      document: legalDocumentVersions.document,
      version: legalDocumentVersions.version,
      contentHash: legalDocumentVersions.contentHash,
    })
    .from(legalDocumentVersions);
}

export async function insertVersion(db: Db, row: typeof legalDocumentVersions.$inferInsert) {
  const inserted = await db
    .insert(legalDocumentVersions)
    .values(row)
    .onConflictDoNothing({ target: [legalDocumentVersions.document, legalDocumentVersions.version] })
    .returning({ id: legalDocumentVersions.id });
  return inserted.length > 0;
}

export async function insertAcceptance(
  db: Db,
  row: { userId: string; documentVersionId: string; occasion: string; acceptedAt: Date },
) {
  const [inserted] = await db
    .insert(legalAcceptances)
    .values(row)
    .onConflictDoNothing({ target: [legalAcceptances.userId, legalAcceptances.documentVersionId] })
    .returning({ acceptedAt: legalAcceptances.acceptedAt });
  if (inserted) return inserted.acceptedAt;
  const [existing] = await db
    .select({ acceptedAt: legalAcceptances.acceptedAt })
    .from(legalAcceptances)
    .where(
      and(
        eq(legalAcceptances.userId, row.userId),
        eq(legalAcceptances.documentVersionId, row.documentVersionId),
      ),
    );
  return existing?.acceptedAt ?? row.acceptedAt;
}

/**
 * Whether the user accepted `version` of `document` or a later one. An account with no recorded
 * acceptance of the document at all (made before versions were recorded) counts as having accepted
 * what was in force when it accepted the terms at sign-up: a version recorded before that moment.
 */
export async function hasAccepted(
  db: Db,
  userId: string,
  document: string,
  current: { version: number; createdAt: Date },
) {
  const [row] = await db
    .select({
      accepted: sql<boolean>`exists (
        select 1 from ${legalAcceptances}
        join ${legalDocumentVersions} v on v.id = ${legalAcceptances.documentVersionId}
        where ${legalAcceptances.userId} = ${userId} and v.document = ${document} and v.version >= ${current.version}
      )`,
      anyRecorded: sql<boolean>`exists (
        select 1 from ${legalAcceptances}
        join ${legalDocumentVersions} v on v.id = ${legalAcceptances.documentVersionId}
        where ${legalAcceptances.userId} = ${userId} and v.document = ${document}
      )`,
      signedUpAfter: sql<boolean>`${users.termsAcceptedAt} >= ${current.createdAt.toISOString()}::timestamptz`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return false;
  return row.accepted || (!row.anyRecorded && row.signedUpAfter);
}
