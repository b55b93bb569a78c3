import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, member, resubmit, submit, validFields } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { outbox, users } from '../../db/schema.ts';
import { pitchContacts, pitchEvents, pitches } from '../../db/schema-pitches.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rowOf = async (id: string) =>
  (await t.database.db.select().from(pitches).where(eq(pitches.id, id)))[0]!;

async function pitchFrom(client: TestClient, overrides: Record<string, string> = {}) {
  const res = await submit(client, validFields(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** Puts a pitch where the reviewers asked for changes, as the back office would. */
async function askForChanges(id: string, admin: TestClient, reviewerId: string) {
  expect(
    (await admin.post(`/api/backoffice/pitches/${id}/assignments`, { reviewer_id: reviewerId })).statusCode,
  ).toBe(200);
  const res = await admin.post(`/api/backoffice/pitches/${id}/decision`, {
    decision: 'request_changes',
    message: 'Please add a budget breakdown.',
  });
  expect(res.statusCode).toBe(200);
}

describe('my pitches', () => {
  it('needs a session', async () => {
    expect((await t.client().get('/api/projects/mine/')).statusCode).toBe(401);
  });

  it('lists pitches sent from the account, and those sent logged out from its verified address only', async () => {
    const me = await member(t);
    const mine = await pitchFrom(me.client);
    const anonymousSameEmail = await pitchFrom(t.client(), { email: me.payload.email.toUpperCase() });
    const someoneElse = await pitchFrom(t.client());

    const res = await me.client.get('/api/projects/mine/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const ids = res.json().pitches.map((p: { id: string }) => p.id);
    expect(ids.sort()).toEqual([mine, anonymousSameEmail].sort());
    expect(ids).not.toContain(someoneElse);
    const dto = res.json().pitches.find((p: { id: string }) => p.id === mine);
    expect(dto).toMatchObject({
      status: 'submitted',
      expected_production_budget_cents: 12_000_050,
      i_am_looking_for: ['funding', 'services'],
      has_pitch_password: false,
      can_resubmit: false,
      revision: 1,
    });
    expect(dto).not.toHaveProperty('pdf_key');
    expect(dto).not.toHaveProperty('pitch_password');
  });

  it('does not list a pitch sent logged out with my address while the address is unverified', async () => {
    const { client, payload } = await registerUser(t);
    const anonymous = await pitchFrom(t.client(), { email: payload.email });
    const res = await client.get('/api/projects/mine/');
    expect(res.json().pitches).toEqual([]);
    expect((await client.get(`/api/projects/${anonymous}/`)).statusCode).toBe(404);
  });

  it('opens one of my pitches, and answers 404 for anyone else’s or a malformed id', async () => {
    const me = await member(t);
    const other = await member(t);
    const id = await pitchFrom(me.client);
    expect((await me.client.get(`/api/projects/${id}/`)).json()).toMatchObject({ id, status: 'submitted' });
    expect((await other.client.get(`/api/projects/${id}/`)).statusCode).toBe(404);
    expect((await me.client.get('/api/projects/not-a-uuid/')).statusCode).toBe(404);
  });
});

describe('resubmitting after changes were requested', () => {
  it('is refused while the pitch is submitted or in review (409), and for someone else’s pitch (404)', async () => {
    const me = await member(t);
    const admin = await member(t, 'admin');
    const reviewer = await member(t, 'reviewer');
    const id = await pitchFrom(me.client);
    const submitted = await resubmit(me.client, id, validFields());
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().code).toBe('resubmitNotAllowed');
    await admin.client.post(`/api/backoffice/pitches/${id}/assignments`, { reviewer_id: reviewer.id });
    expect((await rowOf(id)).status).toBe('in_review');
    const inReview = await resubmit(me.client, id, validFields());
    expect(inReview.statusCode).toBe(409);
    const stranger = await member(t);
    expect((await resubmit(stranger.client, id, validFields())).statusCode).toBe(404);
  });

  it('keeps the PDF when none is sent, bumps the revision, moves in review, records the event, tells the reviewers', async () => {
    const me = await member(t);
    const admin = await member(t, 'admin');
    const reviewer = await member(t, 'reviewer');
    const id = await pitchFrom(me.client, { email: me.payload.email });
    const before = await rowOf(id);
    await askForChanges(id, admin.client, reviewer.id);
    const mine = (await me.client.get(`/api/projects/${id}/`)).json();
    expect(mine).toMatchObject({
      status: 'changes_requested',
      can_resubmit: true,
      decision_message: 'Please add a budget breakdown.',
    });
    const [changesMail] = await t.mailbox(me.payload.email);
    expect(changesMail?.text).toContain('Please add a budget breakdown.');
    expect(changesMail?.text).toContain('http://indiesplit.test/my-pitches');

    const invalid = await resubmit(me.client, id, validFields({ expected_production_budget: '' }));
    expect(invalid.statusCode).toBe(400);
    expect((await rowOf(id)).status).toBe('changes_requested');

    const res = await resubmit(
      me.client,
      id,
      validFields({ project_name: 'Lantern Keeper II', notes: 'Budget attached.' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      id,
      pitch: { status: 'in_review', revision: 2, project_name: 'Lantern Keeper II' },
    });
    const after = await rowOf(id);
    expect(after.pdfKey).toBe(before.pdfKey);
    expect(after.notes).toBe('Budget attached.');
    const events = await t.database.db
      .select()
      .from(pitchEvents)
      .where(and(eq(pitchEvents.pitchId, id), eq(pitchEvents.fromStatus, 'changes_requested')));
    expect(events).toMatchObject([{ toStatus: 'in_review', actorId: me.id }]);
    const reviewerMail = await t.mailbox(reviewer.payload.email);
    expect(reviewerMail.map((m) => m.subject)).toContain('“Lantern Keeper II” was changed and sent again');
  });

  it('replaces the PDF when a new one is sent, and deletes the old file', async () => {
    const me = await member(t);
    const admin = await member(t, 'admin');
    const reviewer = await member(t, 'reviewer');
    const id = await pitchFrom(me.client);
    const oldKey = (await rowOf(id)).pdfKey;
    await askForChanges(id, admin.client, reviewer.id);
    const notPdf = await resubmit(me.client, id, validFields(), { data: Buffer.from('GIF89a not a pdf') });
    expect(notPdf.json().error_codes).toEqual({ pitch_file: 'invalidPdf' });
    const res = await resubmit(me.client, id, validFields(), { data: await makePdf('Version two') });
    expect(res.statusCode).toBe(200);
    const newKey = (await rowOf(id)).pdfKey;
    expect(newKey).not.toBe(oldKey);
    expect(existsSync(path.join(t.config.uploadsDir, newKey))).toBe(true);
    expect(existsSync(path.join(t.config.uploadsDir, oldKey))).toBe(false);
  });

  it('makes a pitch found through the verified address the account’s own', async () => {
    const me = await member(t);
    const admin = await member(t, 'admin');
    const reviewer = await member(t, 'reviewer');
    const id = await pitchFrom(t.client(), { email: me.payload.email });
    await askForChanges(id, admin.client, reviewer.id);
    const res = await resubmit(me.client, id, validFields({ email: 'studio@elsewhere.example' }));
    expect(res.statusCode).toBe(200);
    expect((await rowOf(id)).userId).toBe(me.id);
    expect((await me.client.get(`/api/projects/${id}/`)).statusCode).toBe(200);
  });
});

describe('erasure (ADR 0004, 0008)', () => {
  it('delete-all-data withdraws open pitches, erases their personal data and PDF, and deletes call-back requests', async () => {
    const me = await member(t);
    const id = await pitchFrom(me.client, { pitch_password: 'secret', notes: 'about me' });
    const anonymous = await pitchFrom(t.client(), { email: me.payload.email });
    await t.client().post('/api/projects/add-contact/', {
      name: 'Me',
      email: me.payload.email,
      asked_for_contact: true,
    });
    const keys = [(await rowOf(id)).pdfKey, (await rowOf(anonymous)).pdfKey];
    await t.mailbox();

    const res = await me.client.delete('/api/user/delete-all-data/');
    expect(res.statusCode).toBe(200);
    for (const pitchId of [id, anonymous]) {
      const row = await rowOf(pitchId);
      expect(row).toMatchObject({
        userId: me.id,
        name: '',
        email: '',
        notes: '',
        pitchPasswordEnc: null,
        trailerLink: null,
        pdfKey: '',
        status: 'rejected',
      });
      expect(row.projectName).not.toBe('');
    }
    for (const key of keys) expect(existsSync(path.join(t.config.uploadsDir, key))).toBe(false);
    const contacts = await t.database.db
      .select()
      .from(pitchContacts)
      .where(eq(pitchContacts.email, me.payload.email));
    expect(contacts).toEqual([]);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, me.payload.email));
    expect(mail).toEqual([]);
    const withdrawn = await t.database.db
      .select()
      .from(pitchEvents)
      .where(and(eq(pitchEvents.pitchId, id), eq(pitchEvents.toStatus, 'rejected')));
    expect(withdrawn).toMatchObject([{ actorId: me.id, fromStatus: 'submitted' }]);
    // The person still sees the (now anonymous) records of what they pitched.
    expect((await me.client.get('/api/projects/mine/')).json().pitches).toHaveLength(2);
  });

  it('closing the account erases the pitches the same way and removes a reviewer’s assignments', async () => {
    const dev = await member(t);
    const admin = await member(t, 'admin');
    const reviewer = await member(t, 'reviewer');
    const id = await pitchFrom(dev.client);
    await admin.client.post(`/api/backoffice/pitches/${id}/assignments`, { reviewer_id: reviewer.id });
    expect((await reviewer.client.delete('/api/user/delete/')).statusCode).toBe(200);
    const detail = (await admin.client.get(`/api/backoffice/pitches/${id}`)).json();
    expect(detail.assignments).toEqual([]);
    expect((await dev.client.delete('/api/user/delete/')).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      userId: dev.id,
      name: '',
      email: '',
      pdfKey: '',
      status: 'rejected',
    });
    const [tombstone] = await t.database.db.select().from(users).where(eq(users.id, dev.id));
    expect(tombstone?.deletedAt).not.toBeNull();
  });
});
