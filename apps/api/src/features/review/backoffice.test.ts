import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, member, submit, validFields } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { pitchEvents } from '../../db/schema-pitches.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
let reviewer: Awaited<ReturnType<typeof member>>;
let otherReviewer: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
  reviewer = await member(t, 'reviewer');
  otherReviewer = await member(t, 'reviewer');
});
afterAll(async () => t?.close());

async function pitch(overrides: Record<string, string> = {}, client: TestClient = t.client()) {
  const res = await submit(client, validFields(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const assign = (id: string, reviewerId: string, as: TestClient = admin.client) =>
  as.post(`/api/backoffice/pitches/${id}/assignments`, { reviewer_id: reviewerId });

const scores = { team: 4, game: 5, market: 3, budget_realism: 4, comment: 'Strong team.' };

describe('who may enter the back office', () => {
  it('answers 401 to a visitor and 403 with a translated message to a member, before reading the body', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/backoffice/pitches')).statusCode).toBe(401);
    expect((await visitor.post('/api/backoffice/pitches/x/decision', { decision: 'nope' })).statusCode).toBe(
      401,
    );
    const { client } = await registerUser(t);
    const res = await client.get('/api/backoffice/pitches', { 'accept-language': 'it' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'staffOnly',
      message: 'Quest’area è riservata al team di valutazione di IndieSplit.',
    });
    expect((await client.post('/api/backoffice/pitches/x/decision', { decision: 'nope' })).statusCode).toBe(
      403,
    );
    expect((await client.get('/api/backoffice/contacts')).statusCode).toBe(403);
  });

  it('gives a reviewer 403 for admin-only actions', async () => {
    const id = await pitch();
    const asReviewer = reviewer.client;
    for (const res of [
      await asReviewer.get('/api/backoffice/reviewers'),
      await asReviewer.get('/api/backoffice/audit'),
      await assign(id, reviewer.id, asReviewer),
      await asReviewer.request('DELETE', `/api/backoffice/pitches/${id}/assignments/${reviewer.id}`),
      await asReviewer.post(`/api/backoffice/pitches/${id}/decision`, { decision: 'reject', message: 'No.' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('adminOnly');
    }
  });

  it('shows the role in /auth/authenticated/ and /user/, and takes it away at once', async () => {
    const auth = (await reviewer.client.get('/api/auth/authenticated/')).json();
    expect(auth.staff_role).toBe('reviewer');
    expect((await reviewer.client.get('/api/user/')).json().user.staff_role).toBe('reviewer');
    expect((await t.client().get('/api/auth/authenticated/')).json().staff_role).toBeNull();
    const { client } = await registerUser(t);
    expect((await client.get('/api/auth/authenticated/')).json().staff_role).toBeNull();
    expect((await client.get('/api/user/')).json().user.staff_role).toBeNull();
  });
});

describe('the queue', () => {
  it('shows an admin every pitch, and a reviewer only those assigned to them (list and detail)', async () => {
    const assigned = await pitch();
    const notAssigned = await pitch();
    expect((await assign(assigned, reviewer.id)).statusCode).toBe(200);

    const all = (await admin.client.get('/api/backoffice/pitches'))
      .json()
      .pitches.map((p: { id: string }) => p.id);
    expect(all).toEqual(expect.arrayContaining([assigned, notAssigned]));
    const res = await reviewer.client.get('/api/backoffice/pitches');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const visible = res.json().pitches.map((p: { id: string }) => p.id);
    expect(visible).toContain(assigned);
    expect(visible).not.toContain(notAssigned);
    expect((await reviewer.client.get(`/api/backoffice/pitches/${assigned}`)).statusCode).toBe(200);
    expect((await reviewer.client.get(`/api/backoffice/pitches/${notAssigned}`)).statusCode).toBe(404);
    expect((await reviewer.client.get(`/api/backoffice/pitches/${notAssigned}/pdf`)).statusCode).toBe(404);
    expect((await otherReviewer.client.get(`/api/backoffice/pitches/${assigned}`)).statusCode).toBe(404);
  });

  it('filters by status, platform, budget, dates and text', async () => {
    const tag = `zx${Date.now().toString(36)}`;
    const quest = await pitch({
      project_name: `${tag} Quest`,
      distribution_platforms: 'META QUEST',
      expected_production_budget: '5000',
    });
    const big = await pitch({
      project_name: `${tag} Big`,
      distribution_platforms: 'PC',
      expected_production_budget: '900000',
    });
    await assign(big, reviewer.id);
    const ids = async (query: string) => {
      const res = await admin.client.get(`/api/backoffice/pitches?q=${tag}&${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json().pitches.map((p: { id: string }) => p.id);
    };
    expect((await ids('')).sort()).toEqual([quest, big].sort());
    expect(await ids('platform=META%20QUEST')).toEqual([quest]);
    expect(await ids('status=in_review')).toEqual([big]);
    expect(await ids('budget_min=10000')).toEqual([big]);
    expect(await ids('budget_max=5000')).toEqual([quest]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ids(`from=${today}&to=${today}`)).sort()).toEqual([quest, big].sort());
    expect(await ids('to=2000-01-01')).toEqual([]);
    // A % typed in the search box is a character, not a wildcard.
    const literal = await admin.client.get(`/api/backoffice/pitches?q=${tag}%25`);
    expect(literal.json().pitches).toEqual([]);
    const bad = await admin.client.get('/api/backoffice/pitches?status=lost&budget_min=-1');
    expect(bad.statusCode).toBe(400);
  });

  it('finds a pitch by the developer’s email, case-insensitively', async () => {
    const id = await pitch({ email: 'Unique.Dev@Lumen.example' });
    const res = await admin.client.get('/api/backoffice/pitches?q=unique.dev@lumen');
    expect(res.json().pitches.map((p: { id: string }) => p.id)).toEqual([id]);
  });
});

describe('a pitch in the back office', () => {
  it('shows staff the decrypted demo password, the history and the assignments', async () => {
    const id = await pitch({ pitch_password: 'demo-pass 7' });
    await assign(id, reviewer.id);
    const detail = (await admin.client.get(`/api/backoffice/pitches/${id}`)).json();
    expect(detail).toMatchObject({
      id,
      status: 'in_review',
      pitch_password: 'demo-pass 7',
      has_pitch_password: true,
      user_id: null,
      campaign_id: null,
      average_score: null,
      reviews: [],
      assignments: [{ id: reviewer.id, role: 'reviewer', username: reviewer.payload.username }],
    });
    expect(
      detail.events.map((e: { from_status: string | null; to_status: string }) => [
        e.from_status,
        e.to_status,
      ]),
    ).toEqual([
      [null, 'submitted'],
      ['submitted', 'in_review'],
    ]);
    expect(detail.events[1].actor).toEqual({ id: admin.id, username: admin.payload.username });
  });

  it('serves the PDF as an attachment that is never sniffed or cached', async () => {
    const pdf = await makePdf('Deck');
    const res = await submit(t.client(), validFields({ project_name: 'Città "Nova"/../x' }), { data: pdf });
    const id = res.json().id;
    const download = await admin.client.get(`/api/backoffice/pitches/${id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Citta _Nova_._x.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await t.client().get(`/api/backoffice/pitches/${id}/pdf`)).statusCode).toBe(401);
  });

  it('lists the staff for an admin', async () => {
    const res = await admin.client.get('/api/backoffice/reviewers');
    expect(res.statusCode).toBe(200);
    const ids = res.json().staff.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, reviewer.id, otherReviewer.id]));
    expect(res.json().staff[0]).not.toHaveProperty('password_hash');
  });

  it('assigns only staff, keeps one assignment per reviewer, tells the reviewer, and unassigns', async () => {
    const id = await pitch();
    const { id: plainId } = await registerUser(t);
    const notStaff = await assign(id, plainId);
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().error_codes).toEqual({ reviewer_id: 'notStaffMember' });
    expect((await admin.client.get(`/api/backoffice/pitches/${id}`)).json().status).toBe('submitted');

    expect((await assign(id, otherReviewer.id)).statusCode).toBe(200);
    const again = await assign(id, otherReviewer.id);
    expect(again.json().assignments).toHaveLength(1);
    expect(again.json().events).toHaveLength(2);
    const mail = await t.mailbox(otherReviewer.payload.email);
    expect(mail.filter((m) => m.subject.startsWith('New pitch to review'))).toHaveLength(1);
    expect(mail[0]?.text).toContain(`http://indiesplit.test/backoffice/pitches/${id}`);

    const removed = await otherReviewer.client.get(`/api/backoffice/pitches/${id}`);
    expect(removed.statusCode).toBe(200);
    const res = await admin.client.request(
      'DELETE',
      `/api/backoffice/pitches/${id}/assignments/${otherReviewer.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().assignments).toEqual([]);
    expect((await otherReviewer.client.get(`/api/backoffice/pitches/${id}`)).statusCode).toBe(404);
    const twice = await admin.client.request(
      'DELETE',
      `/api/backoffice/pitches/${id}/assignments/${otherReviewer.id}`,
    );
    expect(twice.statusCode).toBe(404);
  });

  it('saves one review per reviewer and revision; a reviewer sees only theirs, an admin all and the average', async () => {
    const id = await pitch();
    await assign(id, reviewer.id);
    await assign(id, otherReviewer.id);
    const first = await reviewer.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: scores,
    });
    expect(first.statusCode).toBe(200);
    const updated = await reviewer.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: { ...scores, team: 5, comment: 'Even better.' },
    });
    expect(updated.json().reviews).toMatchObject([
      { team: 5, comment: 'Even better.', revision: 1, average: 4.25 },
    ]);
    await otherReviewer.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: { team: 1, game: 2, market: 3, budget_realism: 2 },
    });

    const mine = (await reviewer.client.get(`/api/backoffice/pitches/${id}`)).json();
    expect(mine.reviews.map((r: { reviewer: { id: string } }) => r.reviewer.id)).toEqual([reviewer.id]);
    const all = (await admin.client.get(`/api/backoffice/pitches/${id}`)).json();
    expect(all.reviews).toHaveLength(2);
    expect(all.average_score).toBe(3.13);
    const row = (
      await admin.client.get(`/api/backoffice/pitches?q=${encodeURIComponent(all.project_name)}`)
    ).json().pitches[0];
    expect(row).toMatchObject({ review_count: 2, average_score: 3.13 });
    const reviewerRow = (
      await reviewer.client.get(`/api/backoffice/pitches?q=${encodeURIComponent(all.project_name)}`)
    ).json().pitches[0];
    expect(reviewerRow).toMatchObject({ review_count: 1, average_score: 4.25 });
  });

  it('refuses scores outside 1–5 and a review of a pitch not in review or not assigned', async () => {
    const id = await pitch();
    const bad = await admin.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: { ...scores, game: 6 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ game: 'invalidScore' });
    const submitted = await admin.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: scores,
    });
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().code).toBe('pitchNotInReview');
    await assign(id, otherReviewer.id);
    const stranger = await reviewer.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: scores,
    });
    expect(stranger.statusCode).toBe(404);
    const adminReview = await admin.client.request('PUT', `/api/backoffice/pitches/${id}/review`, {
      body: scores,
    });
    expect(adminReview.statusCode).toBe(200);
  });
});

describe('the call list', () => {
  it('lists the contacts who asked for a call, and marks them called or not', async () => {
    const visitor = t.client();
    const asked = (
      await visitor.post('/api/projects/add-contact/', {
        name: 'Call me',
        email: 'call@me.example',
        asked_for_contact: true,
      })
    ).json().id;
    const notAsked = (
      await visitor.post('/api/projects/add-contact/', { name: 'Just browsing', email: 'no@call.example' })
    ).json().id;
    const list = async (query = '') =>
      (await reviewer.client.get(`/api/backoffice/contacts${query}`))
        .json()
        .contacts.map((c: { id: string }) => c.id);
    expect(await list()).toContain(asked);
    expect(await list()).not.toContain(notAsked);
    expect(await list('?called=false')).toContain(asked);

    const marked = await reviewer.client.post(`/api/backoffice/contacts/${asked}/called`, { called: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      id: asked,
      called_by: { id: reviewer.id, username: reviewer.payload.username },
    });
    expect(marked.json().called_at).not.toBeNull();
    expect(await list('?called=true')).toContain(asked);
    expect(await list('?called=false')).not.toContain(asked);
    const unmarked = await admin.client.post(`/api/backoffice/contacts/${asked}/called`, { called: false });
    expect(unmarked.json()).toMatchObject({ called_at: null, called_by: null });
    expect(
      (await admin.client.post(`/api/backoffice/contacts/${notAsked}/called`, { called: true })).statusCode,
    ).toBe(404);
  });
});

describe('the audit log', () => {
  it('pages every status change, newest first, 50 at a time', async () => {
    const count = async () => (await t.database.db.select({ id: pitchEvents.id }).from(pitchEvents)).length;
    // One pitch submitted as a developer does; the rest of sixty status changes are written as its
    // history. The paging is what is tested here: sixty submissions with their decks, each deck
    // checked in a PDF worker of its own, took nearly four seconds.
    const id = await pitch();
    const moves = ['in_review', 'changes_requested', 'submitted'] as const;
    const missing = 60 - (await count());
    await t.database.db.insert(pitchEvents).values(
      Array.from({ length: missing }, (_, i) => ({
        pitchId: id,
        fromStatus: moves[(i + 2) % 3],
        toStatus: moves[i % 3]!,
      })),
    );
    const total = await count();
    expect(total).toBe(60);
    const first = (await admin.client.get('/api/backoffice/audit')).json();
    expect(first.events.length).toBe(50);
    const ids = first.events.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(first.events[0]).toMatchObject({
      to_status: expect.any(String),
      project_name: expect.any(String),
    });
    expect(first.next_before).toBe(ids[49]);
    const seen = [...ids];
    let before = first.next_before;
    while (before !== null) {
      const page = (await admin.client.get(`/api/backoffice/audit?before=${before}`)).json();
      expect(page.events.every((e: { id: number }) => e.id < before)).toBe(true);
      seen.push(...page.events.map((e: { id: number }) => e.id));
      before = page.next_before;
    }
    expect(new Set(seen).size).toBe(total);
  }, 120_000);
});
