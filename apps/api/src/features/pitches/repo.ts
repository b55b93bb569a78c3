import type { PitchStatus } from '@indiesplit/shared/pitches';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { pitchAssignments, pitchContacts, pitchEvents, pitches } from '../../db/schema-pitches.ts';

export type PitchRow = typeof pitches.$inferSelect;
export type NewPitchRow = typeof pitches.$inferInsert;
export type ContactRow = typeof pitchContacts.$inferSelect;

const lower = (value: string) => value.trim().toLowerCase();

export async function insertContact(db: Db, values: typeof pitchContacts.$inferInsert): Promise<ContactRow> {
  const [row] = await db.insert(pitchContacts).values(values).returning();
  return row!;
}

export async function insertPitch(db: Db, values: NewPitchRow): Promise<PitchRow> {
  const [row] = await db.insert(pitches).values(values).returning();
  return row!;
}

export async function findPitch(db: Db, id: string): Promise<PitchRow | undefined> {
  const [row] = await db.select().from(pitches).where(eq(pitches.id, id));
  return row;
}

/** Locks the row until the transaction ends: two decisions on one pitch queue instead of racing. */
export async function lockPitch(db: Db, id: string): Promise<PitchRow | undefined> {
  const [row] = await db.select().from(pitches).where(eq(pitches.id, id)).for('update');
  return row;
}

/**
 * Who a pitch belongs to: the account that sent it, or — for a pitch sent logged out — the account
 * whose verified address it was sent from. An unverified address proves nothing.
 */
function ownedBy(userId: string, verifiedEmail: string | null) {
  return or(
    eq(pitches.userId, userId),
    verifiedEmail
      ? and(isNull(pitches.userId), sql`lower(${pitches.email}) = ${lower(verifiedEmail)}`)
      : undefined,
  );
}

export function listPitchesOf(db: Db, userId: string, verifiedEmail: string | null): Promise<PitchRow[]> {
  return db
    .select()
    .from(pitches)
    .where(ownedBy(userId, verifiedEmail))
    .orderBy(desc(pitches.submittedAt), desc(pitches.id));
}

export async function findPitchOf(
  db: Db,
  id: string,
  userId: string,
  verifiedEmail: string | null,
): Promise<PitchRow | undefined> {
  const [row] = await db
    .select()
    .from(pitches)
    .where(and(eq(pitches.id, id), ownedBy(userId, verifiedEmail)));
  return row;
}

/** Changes the status only if it still is `from`: the second of two racing moves changes nothing. */
export async function moveStatus(
  db: Db,
  id: string,
  from: PitchStatus,
  values: Partial<NewPitchRow> & { status: PitchStatus },
): Promise<PitchRow | undefined> {
  const [row] = await db
    .update(pitches)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(pitches.id, id), eq(pitches.status, from)))
    .returning();
  return row;
}

export async function updatePitch(db: Db, id: string, values: Partial<NewPitchRow>): Promise<PitchRow> {
  const [row] = await db
    .update(pitches)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(pitches.id, id))
    .returning();
  return row!;
}

export async function insertEvent(db: Db, values: typeof pitchEvents.$inferInsert): Promise<void> {
  await db.insert(pitchEvents).values(values);
}

/** The reviewers assigned to a pitch, with what an email to them needs. */
export function assignedReviewers(db: Db, pitchId: string) {
  return db
    .select({ id: users.id, email: users.email, username: users.username, language: users.language })
    .from(pitchAssignments)
    .innerJoin(users, eq(users.id, pitchAssignments.reviewerId))
    .where(and(eq(pitchAssignments.pitchId, pitchId), isNull(users.deletedAt)));
}

// --- erasure ------------------------------------------------------------------------------------

export async function deleteContactsByEmail(db: Db, email: string): Promise<void> {
  await db.delete(pitchContacts).where(sql`lower(${pitchContacts.email}) = ${lower(email)}`);
}

/**
 * Keeps the de-identified business record (project, amounts, platforms, status, reviews, events)
 * and drops who sent it and what they wrote; the row is tied to the account, not to an address.
 */
export async function erasePitches(db: Db, ids: string[], userId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pitches)
    .set({
      userId,
      name: '',
      email: '',
      notes: '',
      trailerLink: null,
      demoLink: null,
      pitchPasswordEnc: null,
      pdfKey: '',
      pdfBytes: 0,
      updatedAt: new Date(),
    })
    .where(inArray(pitches.id, ids));
}

export async function markContactCalled(db: Db, id: string, calledBy: string | null) {
  const [row] = await db
    .update(pitchContacts)
    .set({ calledAt: calledBy ? new Date() : null, calledBy, updatedAt: new Date() })
    .where(and(eq(pitchContacts.id, id), eq(pitchContacts.askedForContact, true)))
    .returning({ id: pitchContacts.id });
  return row?.id ?? null;
}

/** The campaign each approved pitch became (read only: the campaigns feature writes it). */
export async function campaignsOfPitches(
  db: Db,
  pitchIds: string[],
): Promise<Map<string, { id: string; slug: string | null; status: string }>> {
  if (pitchIds.length === 0) return new Map();
  const rows = await db
    .select({ pitchId: campaigns.pitchId, id: campaigns.id, slug: campaigns.slug, status: campaigns.status })
    .from(campaigns)
    .where(inArray(campaigns.pitchId, pitchIds));
  return new Map(rows.flatMap((r) => (r.pitchId ? [[r.pitchId, r] as const] : [])));
}
