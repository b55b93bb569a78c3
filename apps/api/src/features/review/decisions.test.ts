import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, resubmit, submit, validFields } from '../../../test/fixtures/pitches.ts';
import {
  createTestApp,
  onPostgres,
  registerUser,
  type TestApp,
  type TestClient,
} from '../../../test/harness.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { pitchEvents, pitches } from '../../db/schema-pitches.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
let secondAdmin: Awaited<ReturnType<typeof member>>;
let reviewer: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
  secondAdmin = await member(t, 'admin');
  reviewer = await member(t, 'reviewer');
});
afterAll(async () => t?.close());

const scores = { team: 4, game: 4, market: 3, budget_realism: 5 };

async function pitch(overrides: Record<string, string> = {}, client: TestClient = t.client()) {
  const res = await submit(client, validFields(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function inReview(overrides: Record<string, string> = {}, client?: TestClient) {
  const id = await pitch(overrides, client);
  const res = await admin.client.post(`/api/backoffice/pitches/${id}/assignments`, {
    reviewer_id: reviewer.id,
  });
  expect(res.json().status).toBe('in_review');
  return id;
}

async function reviewed(overrides: Record<string, string> = {}, client?: TestClient) {
  const id = await inReview(overrides, client);
  const res = await reviewer.client.request('PUT', `/api/backoffice/pitches/${id}/review`, { body: scores });
  expect(res.statusCode).toBe(200);
  return id;
}

const decide = (id: string, decision: string, message = '', as: TestClient = admin.client) =>
  as.post(`/api/backoffice/pitches/${id}/decision`, { decision, message });

const campaignsOf = (id: string) => t.database.db.select().from(campaigns).where(eq(campaigns.pitchId, id));
const eventsOf = (id: string) =>
  t.database.db.select().from(pitchEvents).where(eq(pitchEvents.pitchId, id)).orderBy(pitchEvents.id);
const statusOf = async (id: string) =>
  (await t.database.db.select({ s: pitches.status }).from(pitches).where(eq(pitches.id, id)))[0]?.s;

describe('decisions', () => {
  it('are for admins only: a reviewer, even assigned, gets 403', async () => {
    const id = await reviewed();
    const res = await decide(id, 'approve', '', reviewer.client);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('adminOnly');
    expect(await statusOf(id)).toBe('in_review');
  });

  it('need a message to request changes or reject', async () => {
    const id = await inReview();
    for (const decision of ['request_changes', 'reject']) {
      const res = await decide(id, decision, '   ');
      expect(res.statusCode).toBe(400);
      expect(res.json().error_codes).toEqual({ message: 'messageRequired' });
    }
    expect((await decide(id, 'maybe', 'x')).json().error_codes).toEqual({ decision: 'invalidValue' });
  });

  it('refuse illegal transitions with 409 and a translated message', async () => {
    const submitted = await pitch();
    const res = await admin.client.post(
      `/api/backoffice/pitches/${submitted}/decision`,
      { decision: 'approve', message: '' },
      { 'accept-language': 'it' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'pitchTransitionNotAllowed',
      message: expect.stringContaining('Questo pitch non può passare'),
    });
    expect((await decide(submitted, 'request_changes', 'Not yet')).statusCode).toBe(409);
    expect(await statusOf(submitted)).toBe('submitted');
    expect(await campaignsOf(submitted)).toEqual([]);
  });

  it('notify the developer’s account in the app of a decision, its email sent once', async () => {
    const dev = await registerUser(t);
    const id = await pitch({ email: dev.payload.email }, dev.client);
    expect((await decide(id, 'reject', 'Out of scope.')).statusCode).toBe(200);
    const list = (await dev.client.get('/api/notifications/')).json();
    expect(list.results.map((n: { type: string; data: unknown }) => [n.type, n.data])).toEqual([
      ['pitch_decision', { decision: 'rejected' }],
    ]);
    expect(
      (await t.mailbox(dev.payload.email)).filter((m) => m.subject.includes('our decision')),
    ).toHaveLength(1);
  });

  it('let an admin reject a submitted pitch straight from the queue', async () => {
    const id = await pitch();
    const res = await decide(id, 'reject', 'Out of scope.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', decision_message: 'Out of scope.' });
  });

  it('refuse to approve without a review of the current revision', async () => {
    const id = await inReview();
    const res = await decide(id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reviewRequired');
  });

  it('cannot be taken twice: a decided pitch refuses every other decision and review', async () => {
    const id = await reviewed();
    expect((await decide(id, 'reject', 'No market.')).statusCode).toBe(200);
    for (const [decision, message] of [
      ['reject', 'Again'],
      ['approve', ''],
      ['request_changes', 'Change'],
    ] as const) {
      expect((await decide(id, decision, message)).statusCode).toBe(409);
    }
    const late = await reviewer.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: scores,
    });
    expect(late.statusCode).toBe(409);
    const lateAssign = await admin.client.post(`/api/backoffice/pitches/${id}/assignments`, {
      reviewer_id: reviewer.id,
    });
    expect(lateAssign.statusCode).toBe(409);
    expect(lateAssign.json().code).toBe('pitchClosed');
  });

  it('write an event for every status change, with who, from, to and the message', async () => {
    const id = await reviewed();
    await decide(id, 'request_changes', 'Tighten the budget.');
    const events = await eventsOf(id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId, e.message])).toEqual([
      [null, 'submitted', null, null],
      ['submitted', 'in_review', admin.id, null],
      ['in_review', 'changes_requested', admin.id, 'Tighten the budget.'],
    ]);
  });

  it('email the developer on each decision, in the pitch’s language', async () => {
    const email = `decided_${Date.now()}@example.com`;
    const changes = await reviewed({ email });
    await decide(changes, 'request_changes', 'Add gameplay footage.');
    const rejected = await reviewed({ email });
    await decide(rejected, 'reject', 'Too close to our current slate.');
    const italianEmail = `it_${email}`;
    const res = await submit(
      t.client(),
      validFields({ email: italianEmail, project_name: 'Faro' }),
      undefined,
      {
        'accept-language': 'it',
      },
    );
    const approved = res.json().id;
    await admin.client.post(`/api/backoffice/pitches/${approved}/assignments`, { reviewer_id: reviewer.id });
    await reviewer.client.request('PUT', `/api/backoffice/pitches/${approved}/review`, { body: scores });
    await decide(approved, 'approve', 'Benvenuti a bordo!');

    const mail = await t.mailbox(email);
    const changesMail = mail.find((m) => m.subject.includes('the reviewers ask for changes'));
    expect(changesMail?.text).toContain('Add gameplay footage.');
    expect(changesMail?.text).toContain('http://indiesplit.test/my-pitches');
    expect(changesMail?.html).toContain('Add gameplay footage.');
    const rejectedMail = mail.find((m) => m.subject.includes('our decision'));
    expect(rejectedMail?.text).toContain('Too close to our current slate.');
    const [approvedMail] = (await t.mailbox(italianEmail)).filter((m) => m.subject.includes('approvato'));
    expect(approvedMail?.subject).toBe('«Faro» è stato approvato!');
    expect(approvedMail?.text).toContain('Benvenuti a bordo!');
  });

  it('escape what the developer and the admin wrote in the HTML email', async () => {
    const email = `xss_${Date.now()}@example.com`;
    const id = await reviewed({ email, project_name: '<img src=x onerror=alert(1)>' });
    await decide(id, 'reject', '<script>alert(1)</script>');
    const [mail] = (await t.mailbox(email)).filter((m) => m.subject.includes('our decision'));
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&#60;script&#62;');
  });
});

describe('approval', () => {
  it('creates exactly one campaign draft carrying the pitch’s data, in the same transaction', async () => {
    const dev = await member(t);
    const id = await reviewed(
      { required_funding_size: '75000.25', distribution_platforms: 'PC,PLAY STATION 5' },
      dev.client,
    );
    const res = await decide(id, 'approve');
    expect(res.statusCode).toBe(200);
    const drafts = await campaignsOf(id);
    expect(drafts).toHaveLength(1);
    const [draft] = drafts;
    const [row] = await t.database.db.select().from(pitches).where(eq(pitches.id, id));
    expect(draft).toMatchObject({
      status: 'draft',
      title: row?.projectName,
      platforms: ['PC', 'PLAY STATION 5'],
      goalCents: 7_500_025,
      currency: 'EUR',
      trailerUrl: row?.trailerLink,
      expectedReleaseDate: row?.expectedReleaseDate,
      developerId: dev.id,
      createdBy: admin.id,
    });
    expect(res.json()).toMatchObject({ status: 'approved', campaign_id: draft?.id });
    expect(res.json().decided_at).not.toBeNull();
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    expect(await campaignsOf(id)).toHaveLength(1);

    // The developer's "My pitches" names the campaign the approval created; still a draft, it has
    // no public page yet. A pitch not approved has none.
    const other = await pitch({}, dev.client);
    const mine = (await dev.client.get('/api/projects/mine/')).json().pitches as Array<{
      id: string;
      campaign: unknown;
    }>;
    expect(mine.find((p) => p.id === id)?.campaign).toEqual({ id: draft?.id, slug: null, status: 'draft' });
    expect(mine.find((p) => p.id === other)?.campaign).toBeNull();
  });

  it('sets the goal to the budget when no funding was asked, and the developer by verified email', async () => {
    const dev = await member(t);
    const id = await reviewed({
      required_funding_size: '0',
      expected_production_budget: '42000',
      email: dev.payload.email,
    });
    await decide(id, 'approve');
    const [draft] = await campaignsOf(id);
    expect(draft).toMatchObject({ goalCents: 4_200_000, developerId: dev.id });
  });

  it('leaves the developer empty when the pitch’s address belongs to an unverified account', async () => {
    const { payload } = await registerUser(t);
    const id = await reviewed({ email: payload.email });
    await decide(id, 'approve');
    expect((await campaignsOf(id))[0]?.developerId).toBeNull();
  });

  it.runIf(onPostgres)('lets exactly one of a concurrent approve and reject win', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await reviewed();
      const [approve, reject] = await Promise.all([
        decide(id, 'approve', '', admin.client),
        decide(id, 'reject', 'No.', secondAdmin.client),
      ]);
      const statuses = [approve.statusCode, reject.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const final = await statusOf(id);
      expect(final).toBe(approve.statusCode === 200 ? 'approved' : 'rejected');
      expect(await campaignsOf(id)).toHaveLength(final === 'approved' ? 1 : 0);
      const decisions = (await eventsOf(id)).filter((e) => e.fromStatus === 'in_review');
      expect(decisions).toHaveLength(1);
    }
  });
});

describe('the whole loop', () => {
  it('changes requested -> resubmitted -> reviewed again -> approved; reviews follow the revision', async () => {
    const dev = await member(t);
    const id = await reviewed({ email: dev.payload.email }, dev.client);
    await decide(id, 'request_changes', 'More detail, please.');
    expect((await resubmit(dev.client, id, validFields({ email: dev.payload.email }))).statusCode).toBe(200);
    // The old review scored revision 1: approval needs one of revision 2.
    expect((await decide(id, 'approve')).json().code).toBe('reviewRequired');
    const detail = (await admin.client.get(`/api/backoffice/pitches/${id}`)).json();
    expect(detail).toMatchObject({ revision: 2, status: 'in_review', average_score: null });
    expect(detail.reviews).toMatchObject([{ revision: 1 }]);
    await reviewer.client.request('PUT', `/api/backoffice/pitches/${id}/review`, { body: scores });
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const mine = (await dev.client.get(`/api/projects/${id}/`)).json();
    expect(mine).toMatchObject({ status: 'approved', can_resubmit: false });
    const events = await eventsOf(id);
    expect(events.map((e) => e.toStatus)).toEqual([
      'submitted',
      'in_review',
      'changes_requested',
      'in_review',
      'approved',
    ]);
  });
});
