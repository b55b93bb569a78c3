import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { investorProfiles } from '../../db/schema-investing.ts';
import { notificationPreferences } from '../../db/schema-notifications.ts';

// Every movement of an investor's own money is confirmed by email (the receipt of a reservation,
// the confirmation of a revocation), queued in the transaction that moved it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const invest = (client: TestClient, campaignId: string, cents: number) =>
  client.post(`/api/campaigns/${campaignId}/investments`, investBody(cents), { 'idempotency-key': newKey() });
type Mail = Awaited<ReturnType<TestApp['mailbox']>>[number];
const about = (mails: Mail[], word: string) => mails.filter((m) => m.subject.includes(word));

describe('emails for an investor’s money', () => {
  it('sends a receipt with the amount, the campaign, the sheet acknowledged and the last moment to revoke', async () => {
    const campaign = await insertCampaign(db(), { title: 'Harbour <Lights>' });
    const investor = await readyInvestor(t, { cents: 100_000 });
    const res = await invest(investor.client, campaign.id, 12_500);
    expect(res.statusCode).toBe(201);
    const version = res.json().key_information_version as number;

    const [receipt, ...more] = about(await t.mailbox(investor.payload.email), 'reserved');
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Your investment in “Harbour <Lights>” is reserved');
    expect(receipt!.text).toContain('€125.00');
    expect(receipt!.text).toContain(`version ${version} of the key investment information sheet`);
    expect(receipt!.text).toContain(
      `/api/campaigns/${campaign.slug}/key-information/versions/${version}.pdf?lang=en`,
    );
    // The reflection period's end, as the investment states it.
    const until = new Date(res.json().reflection_ends_at);
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(until);
    expect(receipt!.text).toMatch(new RegExp(`revoke[^\\n]*until ${day} at \\d{2}:\\d{2} UTC`));
    expect(receipt!.html).toContain('Harbour &#60;Lights&#62;');
  });

  it('writes in the investor’s language, and confirms a revocation', async () => {
    const campaign = await insertCampaign(db());
    const investor = await readyInvestor(t, { cents: 100_000 });
    await db().update(users).set({ language: 'it' }).where(eq(users.id, investor.id));
    const inv = (await invest(investor.client, campaign.id, 10_000)).json();
    expect((await investor.client.post(`/api/investments/${inv.id}/revoke`)).statusCode).toBe(200);

    const mails = await t.mailbox(investor.payload.email);
    const [receipt] = about(mails, 'prenotato');
    expect(receipt!.text).toMatch(/abbiamo accantonato 100,00\s€/);
    expect(receipt!.text).toContain('Puoi revocare questo investimento');
    const [revoked, ...more] = about(mails, 'revocato');
    expect(more).toEqual([]);
    expect(revoked!.subject).toBe(`Hai revocato il tuo investimento in “${campaign.title}”`);
    expect(revoked!.text).toMatch(/investimento di 100,00\s€/);
    expect(revoked!.text).toContain('di nuovo disponibile nel tuo portafoglio');
  });

  it('tells a sophisticated investor there is no reflection period', async () => {
    const campaign = await insertCampaign(db());
    const investor = await readyInvestor(t, { cents: 100_000 });
    await db()
      .update(investorProfiles)
      .set({
        investorClass: 'sophisticated',
        sophisticatedRequest: 'approved',
        sophisticatedValidUntil: new Date(Date.now() + 365 * 86_400_000),
      })
      .where(eq(investorProfiles.userId, investor.id));
    expect((await invest(investor.client, campaign.id, 10_000)).statusCode).toBe(201);
    const [receipt] = about(await t.mailbox(investor.payload.email), 'reserved');
    expect(receipt!.text).toContain('no reflection period');
    expect(receipt!.text).not.toContain('You may revoke');
  });

  it('sends nothing when the money did not move', async () => {
    const campaign = await insertCampaign(db());
    const investor = await readyInvestor(t, { cents: 5_000 });
    const res = await invest(investor.client, campaign.id, 10_000);
    expect(res.json().code).toBe('insufficientFunds');
    expect(about(await t.mailbox(investor.payload.email), 'reserved')).toEqual([]);
  });

  it('notifies the investor in the app of the reservation and the revocation, and mails each receipt once even with emails switched off', async () => {
    const campaign = await insertCampaign(db(), { title: 'Tidewater' });
    const investor = await readyInvestor(t, { cents: 100_000 });
    // A preference stored against the rules (the API refuses it): a mandatory type goes at once anyway.
    await db()
      .insert(notificationPreferences)
      .values([
        { userId: investor.id, type: 'investment_received', delivery: 'off' },
        { userId: investor.id, type: 'investment_revoked', delivery: 'off' },
      ]);
    const inv = (await invest(investor.client, campaign.id, 10_000)).json();
    expect((await investor.client.post(`/api/investments/${inv.id}/revoke`)).statusCode).toBe(200);

    const list = (await investor.client.get('/api/notifications/')).json();
    expect(list.unread).toBe(2);
    expect(
      list.results.map((n: { type: string; campaign: unknown; data: unknown }) => [
        n.type,
        n.campaign,
        n.data,
      ]),
    ).toEqual([
      [
        'investment_revoked',
        { slug: campaign.slug, title: 'Tidewater' },
        { amount_cents: 10_000, currency: 'EUR' },
      ],
      [
        'investment_received',
        { slug: campaign.slug, title: 'Tidewater' },
        { amount_cents: 10_000, currency: 'EUR' },
      ],
    ]);
    // The feature's own receipts, once each, and no generic notification email beside them.
    const mails = about(await t.mailbox(investor.payload.email), 'Tidewater');
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`You revoked your investment in “Tidewater”`, 'Your investment in “Tidewater” is reserved'].sort(),
    );
  });

  it('notifies no one when the money did not move', async () => {
    const campaign = await insertCampaign(db());
    const investor = await readyInvestor(t, { cents: 5_000 });
    await invest(investor.client, campaign.id, 10_000);
    expect((await investor.client.get('/api/notifications/')).json().results).toEqual([]);
  });
});
