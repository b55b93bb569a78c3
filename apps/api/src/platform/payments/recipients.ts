import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerRecipients, type RecipientPurpose } from '../../db/schema-payments.ts';
import type { PaymentProvider, Recipient, RecipientInput, RecipientStatus } from './provider.ts';

// The bank accounts money is paid out to, registered at the provider as Recipients (ADR 0039).
// The provider pays only to a Recipient that is ACTIVE: one of a user's own accounts becomes ACTIVE
// once the user confirmed it with strong customer authentication on the provider's page (the
// member's payout IBAN, the studio's), while a payer's account a pay-in is sent back to is
// registered by the platform for the user (USER_NOT_PRESENT). Members and studios share this store:
// both the payments and the KYB features pay out, and the RECIPIENT_* events land in one place.

export type RecipientRow = typeof providerRecipients.$inferSelect;

/** Statuses after which a recipient is never paid to, nor reused. */
const ENDED: RecipientStatus[] = ['CANCELED', 'DEACTIVATED'];

const keyFor = (purpose: string) => createHash('sha256').update(purpose).digest('hex').slice(0, 32);

/** Whose recipient: our account, the provider user that owns it there, and what it is for. */
export interface RecipientOwner {
  userId: string;
  providerUserId: string;
  purpose: RecipientPurpose;
}

/** The owner's recipients for this IBAN, whatever their status. */
const ownersFor = (owner: RecipientOwner, iban: string) =>
  and(
    eq(providerRecipients.userId, owner.userId),
    eq(providerRecipients.providerUserId, owner.providerUserId),
    eq(providerRecipients.purpose, owner.purpose),
    eq(providerRecipients.iban, iban),
  );

/** The owner's newest recipient for this IBAN that may still be paid to. */
export async function currentRecipient(
  db: Db,
  owner: RecipientOwner,
  iban: string,
): Promise<RecipientRow | null> {
  const [row] = await db
    .select()
    .from(providerRecipients)
    .where(and(ownersFor(owner, iban), inArray(providerRecipients.status, ['PENDING', 'ACTIVE'])))
    .orderBy(desc(providerRecipients.createdAt))
    .limit(1);
  return row ?? null;
}

/** The recipient's id when it may be paid to now (ACTIVE), else null. */
export async function activeRecipientId(db: Db, owner: RecipientOwner, iban: string): Promise<string | null> {
  const row = await currentRecipient(db, owner, iban);
  return row?.status === 'ACTIVE' ? row.recipientId : null;
}

export async function findRecipient(db: Db, recipientId: string): Promise<RecipientRow | null> {
  const [row] = await db
    .select()
    .from(providerRecipients)
    .where(eq(providerRecipients.recipientId, recipientId));
  return row ?? null;
}

/**
 * The user's recipient for this IBAN: the current one (a PENDING one read again from the provider,
 * in case its event has not arrived), or a new one. Each new one has a key of its own (the count of
 * those made before for the same account), so a retry after a lost answer makes the same recipient
 * and a try after a CANCELED one makes another.
 */
export async function ensureRecipient(
  db: Db,
  provider: PaymentProvider,
  owner: RecipientOwner,
  input: RecipientInput,
): Promise<RecipientRow> {
  const current = await currentRecipient(db, owner, input.iban);
  if (current?.status === 'ACTIVE') return current;
  if (current) {
    const read = await provider.getRecipient(current.recipientId);
    if (!read) return current;
    const updated = await applyRecipient(db, read);
    if (updated && !ENDED.includes(updated.status as RecipientStatus)) return updated;
  }
  const [made] = await db.select({ n: count() }).from(providerRecipients).where(ownersFor(owner, input.iban));
  const recipient = await provider.createRecipient(
    owner.providerUserId,
    input,
    keyFor(
      `recipient:${owner.userId}:${owner.providerUserId}:${owner.purpose}:${input.iban}:${made?.n ?? 0}`,
    ),
  );
  const [row] = await db
    .insert(providerRecipients)
    .values({
      recipientId: recipient.id,
      userId: owner.userId,
      providerUserId: owner.providerUserId,
      purpose: owner.purpose,
      iban: input.iban,
      holderName: recipient.holderName,
      status: recipient.status,
      scaUrl: recipient.scaUrl,
    })
    .onConflictDoUpdate({
      target: providerRecipients.recipientId,
      set: { status: recipient.status, scaUrl: recipient.scaUrl, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('recipient not recorded');
  return row;
}

/**
 * Applies a recipient read from the provider (its event, or a read-back) to our row: its status
 * only ever leaves PENDING, and an ended one stays ended. Null when it is not one of ours.
 */
export async function applyRecipient(db: Db, recipient: Recipient): Promise<RecipientRow | null> {
  const row = await findRecipient(db, recipient.id);
  if (!row) return null;
  if (row.status === recipient.status || ENDED.includes(row.status as RecipientStatus)) return row;
  if (row.status === 'ACTIVE' && recipient.status === 'PENDING') return row;
  const [updated] = await db
    .update(providerRecipients)
    .set({
      status: recipient.status,
      scaUrl: recipient.status === 'PENDING' ? recipient.scaUrl : null,
      updatedAt: new Date(),
    })
    .where(eq(providerRecipients.recipientId, row.recipientId))
    .returning();
  return updated ?? row;
}

/**
 * Reads a recipient back from the provider (its event may have been lost) and applies it. One still
 * PENDING is marked as read now (`updated_at`), so a job that reads back the PENDING ones unchanged
 * for a while asks for each again only after that while. Null when the provider does not know it.
 */
export async function readBackRecipient(
  db: Db,
  provider: PaymentProvider,
  recipientId: string,
): Promise<RecipientRow | null> {
  const read = await provider.getRecipient(recipientId);
  if (!read) return null;
  const row = await applyRecipient(db, read);
  if (row?.status !== 'PENDING') return row;
  const [touched] = await db
    .update(providerRecipients)
    .set({ updatedAt: new Date() })
    .where(and(eq(providerRecipients.recipientId, recipientId), eq(providerRecipients.status, 'PENDING')))
    .returning();
  return touched ?? row;
}

/** Where to send the user to confirm a PENDING recipient, bringing them back to `returnUrl`. */
export function confirmUrl(row: RecipientRow, returnUrl: string): string | null {
  if (row.status !== 'PENDING' || !row.scaUrl) return null;
  const sep = row.scaUrl.includes('?') ? '&' : '?';
  return `${row.scaUrl}${sep}returnUrl=${encodeURIComponent(returnUrl)}`;
}
