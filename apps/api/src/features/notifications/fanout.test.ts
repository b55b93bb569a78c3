import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/fixtures/investing.ts';
import { createTestApp, PUBLIC_URL, registerUser, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { notificationPreferences, notifications } from '../../db/schema-notifications.ts';
import { eraseMailOf } from '../../platform/mailer.ts';
import { notify } from './service.ts';

// The set-based fan-out (ADR 0037) called the way features call it: inside their transaction,
// possibly more than once, and undone with it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function members(count: number) {
  const out: Array<{ id: string; email: string }> = [];
  for (let i = 0; i < count; i++) {
    const m = await registerUser(t);
    out.push({ id: m.id, email: m.payload.email });
  }
  return out;
}

/** The mail a member got besides their account's own (the address confirmation). */
async function notices(email: string) {
  return (await t.mailbox(email)).filter(
    (m) => m.subject !== 'Confirm your email address' && m.subject !== 'Conferma il tuo indirizzo email',
  );
}

const bodyCount = async () =>
  Number(
    (
      (await db().execute(sql`select count(*)::int as n from mail_bodies`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

describe('a fan-out inside a feature’s transaction', () => {
  it('can run twice in one transaction, each reaching its own audience in their language', async () => {
    const [studio, a, b, c] = await members(4);
    await db().update(users).set({ language: 'it' }).where(eq(users.id, b!.id));
    const campaign = await insertCampaign(db(), { developerId: studio!.id });
    const facts = { id: campaign.id, title: 'Starfall', slug: campaign.slug ?? campaign.id };

    const [first, second] = await db().transaction(async (tx) => [
      await notify(tx, PUBLIC_URL, {
        type: 'campaign_update',
        campaign: facts,
        subjectId: 'first',
        data: { update_title: 'Alpha', update_title_it: 'Alfa' },
        audience: { userIds: [a!.id, b!.id, a!.id] },
      }),
      await notify(tx, PUBLIC_URL, {
        type: 'campaign_update',
        campaign: facts,
        subjectId: 'second',
        data: { update_title: 'Beta', update_title_it: 'Beta' },
        audience: { userIds: [b!.id, c!.id] },
      }),
    ]);
    expect([first!.notified, first!.emailed, second!.notified, second!.emailed]).toEqual([2, 2, 2, 2]);

    const rows = await db()
      .select({ userId: notifications.userId, subjectId: notifications.subjectId })
      .from(notifications)
      .where(inArray(notifications.userId, [a!.id, b!.id, c!.id]));
    expect(
      rows.map((r) => `${r.userId === a!.id ? 'a' : r.userId === b!.id ? 'b' : 'c'}:${r.subjectId}`).sort(),
    ).toEqual(['a:first', 'b:first', 'b:second', 'c:second']);
    expect((await notices(a!.email)).map((m) => m.subject)).toEqual(['Starfall: Alpha']);
    expect((await notices(b!.email)).map((m) => m.subject).sort()).toEqual([
      'Starfall: Alfa',
      'Starfall: Beta',
    ]);
    const [toB] = await notices(b!.email);
    expect(toB!.text).toContain('lo studio di Starfall ha pubblicato un aggiornamento');
    expect((await notices(c!.email)).map((m) => m.subject)).toEqual(['Starfall: Beta']);
  });

  it('leaves nothing behind when the transaction rolls back: no notification, no email, no body', async () => {
    const [studio, a] = await members(2);
    const campaign = await insertCampaign(db(), { developerId: studio!.id });
    const bodiesBefore = await bodyCount();
    await expect(
      db().transaction(async (tx) => {
        await notify(tx, PUBLIC_URL, {
          type: 'campaign_update',
          campaign: { id: campaign.id, title: 'Starfall', slug: campaign.slug ?? campaign.id },
          subjectId: 'rolled-back',
          data: { update_title: 'Gamma' },
          audience: { userIds: [a!.id] },
        });
        throw new Error('the change failed after notifying');
      }),
    ).rejects.toThrow('the change failed after notifying');
    expect(await db().select().from(notifications).where(eq(notifications.userId, a!.id))).toEqual([]);
    expect(await notices(a!.email)).toEqual([]);
    expect(await bodyCount()).toBe(bodiesBefore);
  });

  it('erasing a member takes their copy of a shared email from the dev mailbox, also at an address they left', async () => {
    const [studio, a, b] = await members(3);
    const campaign = await insertCampaign(db(), { developerId: studio!.id });
    await db().transaction((tx) =>
      notify(tx, PUBLIC_URL, {
        type: 'campaign_update',
        campaign: { id: campaign.id, title: 'Starfall', slug: campaign.slug ?? campaign.id },
        subjectId: 'erased',
        data: { update_title: 'Delta' },
        audience: { userIds: [a!.id, b!.id] },
      }),
    );
    expect(await notices(a!.email)).toHaveLength(1);
    // The account's address has changed since: its old mail is found through the outbox rows.
    await eraseMailOf(db(), a!.id, 'moved-elsewhere@example.com');
    expect(await notices(a!.email)).toEqual([]);
    expect((await notices(b!.email)).map((m) => m.subject)).toEqual(['Starfall: Delta']);
  });

  it('writes no email at all when no one in the audience takes it at once', async () => {
    const [studio, a, b] = await members(3);
    await db()
      .insert(notificationPreferences)
      .values([
        { userId: a!.id, type: 'campaign_update', delivery: 'daily' },
        { userId: b!.id, type: 'campaign_update', delivery: 'off' },
      ]);
    const campaign = await insertCampaign(db(), { developerId: studio!.id });
    const bodiesBefore = await bodyCount();
    const result = await db().transaction((tx) =>
      notify(tx, PUBLIC_URL, {
        type: 'campaign_update',
        campaign: { id: campaign.id, title: 'Starfall', slug: campaign.slug ?? campaign.id },
        subjectId: 'quiet',
        data: { update_title: 'Epsilon' },
        audience: { userIds: [a!.id, b!.id] },
      }),
    );
    expect([result.notified, result.emailed]).toEqual([2, 0]);
    expect(await bodyCount()).toBe(bodiesBefore);
    expect(await notices(a!.email)).toEqual([]);
    expect(await notices(b!.email)).toEqual([]);
  });
});
