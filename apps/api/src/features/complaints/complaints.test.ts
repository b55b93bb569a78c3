import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/fixtures/investing.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { auditEvents } from '../../db/schema.ts';
import { complaints } from '../../db/schema-complaints.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
afterAll(async () => t?.close());

let n = 0;
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: `grace${++n}@example.com`,
  service: 'investing',
  facts_from: '2026-01-10',
  description: 'My investment was recorded twice.',
  remedy: 'Refund the second investment.',
  ...overrides,
});

async function file(
  client: TestClient,
  overrides: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  const body = valid(overrides);
  const res = await client.post('/api/complaints/', body, headers);
  return { res, body };
}

/** Files a complaint as a visitor and returns its reference and the token of the emailed link. */
async function filed(overrides: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const { res, body } = await file(t.client(), overrides, headers);
  expect(res.statusCode).toBe(201);
  const reference = res.json().reference as string;
  const [mail] = await t.mailbox(body.email);
  const link = mail!.text.match(/https?:\/\/\S+\/complaints\/status\/(C-\d{4}-[0-9A-Z]{8})#(\S+)/);
  expect(link?.[1]).toBe(reference);
  const [row] = await t.database.db.select().from(complaints).where(eq(complaints.reference, reference));
  return { reference, token: link![2]!, id: row!.id, email: body.email, mail: mail! };
}

const lookup = (reference: string, token: string, client = t.client()) =>
  client.post('/api/complaints/lookup', { reference, token });

const bo = (path: string, body?: unknown, as: TestClient = admin.client) =>
  body === undefined
    ? as.get(`/api/backoffice/complaints/${path}`)
    : as.post(`/api/backoffice/complaints/${path}`, body);

describe('filing a complaint', () => {
  it('registers a visitor’s complaint and acknowledges it at once, in their language, with the reference and a private link', async () => {
    const { reference, token, id, mail } = await filed({}, { 'accept-language': 'it-IT' });
    expect(reference).toMatch(/^C-\d{4}-[0-9A-Z]{8}$/);
    expect(mail.subject).toBe(`Abbiamo ricevuto il tuo reclamo ${reference}`);
    expect(mail.text).toContain(reference);
    // Whom to ask about it (Delegated Regulation (EU) 2022/2117 Art 3(2)) and when the answer is due.
    expect(mail.text).toContain('Rispondi a questa email indicando il riferimento');
    expect(mail.text).toMatch(/entro il \d{1,2} \w+ \d{4}/);
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({ status: 'received', userId: null, language: 'it', service: 'investing' });
    // The token is kept only as a hash.
    expect(row!.statusTokenHash).not.toContain(token);
    const days = (d: Date) => Math.round((d.getTime() - row!.receivedAt.getTime()) / 86_400_000);
    expect(days(row!.acknowledgeDueAt)).toBe(7);
    expect(days(row!.answerDueAt)).toBe(60);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'complaint_filed'));
    expect(events.some((e) => (e.data as { complaint_id?: string }).complaint_id === id)).toBe(true);
  });

  it('links a member’s complaint to the account and lists it in their complaints, with a campaign it names', async () => {
    const m = await registerUser(t);
    const campaign = await insertCampaign(t.database.db);
    const { res } = await file(m.client, { campaign_slug: campaign.slug, service: 'campaign' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.reference, res.json().reference));
    expect(row).toMatchObject({ userId: m.id, campaignId: campaign.id });
    const mine = await m.client.get('/api/complaints/mine');
    expect(mine.json().complaints).toEqual([
      expect.objectContaining({ reference: res.json().reference, status: 'received', answer: null }),
    ]);
    // Another member does not see it.
    const other = await registerUser(t);
    expect((await other.client.get('/api/complaints/mine')).json().complaints).toEqual([]);
  });

  it('refuses bad input with a translated error per field', async () => {
    const res = await t.client().post(
      '/api/complaints/',
      {
        name: ' ',
        email: 'nope',
        service: 'weather',
        facts_from: '2999-01-01',
        facts_to: '2001-01-01',
        description: 'x'.repeat(5001),
        remedy: '',
        via_representative: true,
        phone: '1'.repeat(41),
      },
      { 'accept-language': 'it' },
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error_codes).toMatchObject({
      name: 'fillMandatory',
      email: 'invalidEmail',
      service: 'fillMandatory',
      description: 'textTooLong',
      remedy: 'fillMandatory',
      phone: 'complaintFieldTooLong',
    });
    const dates = await t.client().post('/api/complaints/', valid({ facts_from: '2999-01-01' }));
    expect(dates.json().error_codes).toEqual({ facts_from: 'complaintDateFuture' });
    const order = await t.client().post('/api/complaints/', valid({ facts_to: '2026-01-01' }));
    expect(order.json().error_codes).toEqual({ facts_to: 'complaintDatesOrder' });
    const unknown = await t.client().post('/api/complaints/', valid({ campaign_slug: 'no-such-game' }));
    expect(unknown.json().error_codes).toEqual({ campaign_slug: 'complaintCampaignUnknown' });
    const draft = await insertCampaign(t.database.db, { status: 'draft' });
    const hidden = await t.client().post('/api/complaints/', valid({ campaign_slug: draft.slug }));
    expect(hidden.json().error_codes).toEqual({ campaign_slug: 'complaintCampaignUnknown' });
    const rep = await t.client().post('/api/complaints/', valid({ via_representative: true }));
    expect(rep.json().error_codes).toEqual({ representative_name: 'fillMandatory' });
  });

  it('refuses a post without the CSRF token', async () => {
    const res = await t.client().request('POST', '/api/complaints/', { body: valid(), csrf: false });
    expect(res.statusCode).toBe(403);
  });

  it('is rate limited per address', async () => {
    const client = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await file(client)).res.statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('the complainant’s status view', () => {
  it('shows the status through the emailed link and refuses a wrong token or another reference', async () => {
    const a = await filed();
    const b = await filed();
    const ok = await lookup(a.reference, a.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ reference: a.reference, status: 'received', answer: null });
    expect(ok.json()).not.toHaveProperty('notes');
    expect(ok.json()).not.toHaveProperty('email');
    expect((await lookup(a.reference, `${a.token}x`)).statusCode).toBe(404);
    expect((await lookup(a.reference, b.token)).statusCode).toBe(404);
    expect((await lookup('C-2026-AAAAAAAA', a.token)).json().code).toBe('complaintNotFound');
  });
});

describe('the back office', () => {
  it('is for admins only: a visitor gets 401, a member and a reviewer 403', async () => {
    const { id } = await filed();
    const plain = await registerUser(t);
    const reviewer = await member(t, 'reviewer');
    expect((await t.client().get('/api/backoffice/complaints/')).statusCode).toBe(401);
    for (const who of [plain.client, reviewer.client]) {
      expect((await who.get('/api/backoffice/complaints/')).statusCode).toBe(403);
      expect((await who.get(`/api/backoffice/complaints/${id}`)).statusCode).toBe(403);
      expect((await who.get('/api/backoffice/complaints/export.csv')).statusCode).toBe(403);
      expect((await who.post(`/api/backoffice/complaints/${id}/answer`, { answer: 'x' })).statusCode).toBe(
        403,
      );
    }
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id));
    expect(row!.status).toBe('received');
  });

  it('moves a complaint forward only, answers it by email in the complainant’s language, and closes it for good', async () => {
    const c = await filed({}, { 'accept-language': 'it' });
    const assigned = await bo(`${c.id}/assignee`, { assignee_id: admin.id });
    expect(assigned.json().assignee).toEqual({ id: admin.id, username: admin.payload.username });
    const reviewer = await member(t, 'reviewer');
    const refused = await bo(`${c.id}/assignee`, { assignee_id: reviewer.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ assignee_id: 'complaintAssigneeNotStaff' });
    const assignees = (await bo('assignees')).json().assignees.map((a: { id: string }) => a.id);
    expect(assignees).toContain(admin.id);
    expect(assignees).not.toContain(reviewer.id);

    const ack = await bo(`${c.id}/status`, { status: 'acknowledged' });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', next: ['investigating'] });
    expect((await bo(`${c.id}/status`, { status: 'received' })).statusCode).toBe(409);
    expect((await bo(`${c.id}/status`, { status: 'closed' })).statusCode).toBe(409);
    expect((await bo(`${c.id}/status`, { status: 'investigating' })).json().status).toBe('investigating');

    const note = await bo(`${c.id}/notes`, { body: 'Checked the ledger: one double entry.' });
    expect(note.json().notes).toEqual([
      expect.objectContaining({
        body: 'Checked the ledger: one double entry.',
        author: admin.payload.username,
      }),
    ]);

    const answer = 'We have refunded the second investment.';
    const answered = await bo(`${c.id}/answer`, { answer });
    expect(answered.json()).toMatchObject({ status: 'answered', answer, next: ['closed'] });
    const [mail] = await t.mailbox(c.email);
    expect(mail!.subject).toBe(`La nostra risposta al tuo reclamo ${c.reference}`);
    expect(mail!.text).toContain(answer);
    expect((await bo(`${c.id}/answer`, { answer: 'again' })).statusCode).toBe(409);

    // The complainant sees the answer, never the note.
    const seen = (await lookup(c.reference, c.token)).json();
    expect(seen).toMatchObject({ status: 'answered', answer });
    expect(JSON.stringify(seen)).not.toContain('double entry');

    expect((await bo(`${c.id}/status`, { status: 'closed' })).json().status).toBe('closed');
    for (const status of ['received', 'acknowledged', 'investigating', 'answered', 'closed']) {
      expect((await bo(`${c.id}/status`, { status })).statusCode).toBe(409);
    }
    expect((await lookup(c.reference, c.token)).json().status).toBe('closed');
    const kinds = (await t.database.db.select().from(auditEvents))
      .filter((e) => (e.data as { complaint_id?: string }).complaint_id === c.id)
      .map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'complaint_filed',
        'complaint_assigned',
        'complaint_status_changed',
        'complaint_note_added',
        'complaint_answered',
      ]),
    );
  });

  it('shows which step is overdue and filters the register by it and by status', async () => {
    const late = await filed();
    const lateAnswer = await filed();
    const onTime = await filed();
    const past = (days: number) => new Date(Date.now() - days * 86_400_000);
    await t.database.db
      .update(complaints)
      .set({
        receivedAt: past(8),
        acknowledgeDueAt: past(1),
        answerDueAt: new Date(Date.now() + 52 * 86_400_000),
      })
      .where(eq(complaints.id, late.id));
    await t.database.db
      .update(complaints)
      .set({
        status: 'investigating',
        acknowledgedAt: past(60),
        receivedAt: past(61),
        acknowledgeDueAt: past(54),
        answerDueAt: past(1),
      })
      .where(eq(complaints.id, lateAnswer.id));

    const all = (await bo('')).json().complaints as Array<{ id: string; overdue: string | null }>;
    const overdueOf = (id: string) => all.find((c) => c.id === id)?.overdue;
    expect(overdueOf(late.id)).toBe('acknowledge');
    expect(overdueOf(lateAnswer.id)).toBe('answer');
    expect(overdueOf(onTime.id)).toBeNull();

    const overdue = (await bo('?overdue=1')).json().complaints.map((c: { id: string }) => c.id);
    expect(overdue).toEqual(expect.arrayContaining([late.id, lateAnswer.id]));
    expect(overdue).not.toContain(onTime.id);
    const investigating = (await bo('?status=investigating'))
      .json()
      .complaints.map((c: { id: string }) => c.id);
    expect(investigating).toContain(lateAnswer.id);
    expect(investigating).not.toContain(late.id);

    const year = new Date().getUTCFullYear();
    const figures = (await bo(`figures?year=${year}`)).json();
    expect(figures.year).toBe(year);
    expect(figures.overdue).toBeGreaterThanOrEqual(1);
    expect(figures.received).toBeGreaterThanOrEqual(3);
  });

  it('exports the register as CSV with formula-like text made harmless', async () => {
    const c = await filed({ name: '=HYPERLINK("http://evil.example")', remedy: '+1 refund, "now"' });
    const res = await bo('export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=complaints-register-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'reference,status,service,complainant,email,campaign_id,facts_from,facts_to,received_at,acknowledge_due_at,acknowledged_at,answer_due_at,answered_at,closed_at,overdue,assignee,description,remedy,answer',
    );
    const line = lines.find((l) => l.startsWith(c.reference))!;
    expect(line).toContain(
      `${c.reference},received,investing,"'=HYPERLINK(""http://evil.example"")",${c.email}`,
    );
    expect(line).toContain(`,"'+1 refund, ""now""",`);
  });
});

describe('yearly figures', () => {
  it('counts the answered and closed complaints and the median days to an answer', async () => {
    const year = 2031;
    const at = (month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 12));
    const add = async (receivedAt: Date, answeredAt: Date | null, closed: boolean, answerDueAt: Date) => {
      const c = await filed();
      await t.database.db
        .update(complaints)
        .set({
          receivedAt,
          acknowledgeDueAt: receivedAt,
          answerDueAt,
          acknowledgedAt: answeredAt ? receivedAt : null,
          status: closed ? 'closed' : answeredAt ? 'answered' : 'received',
          answeredAt,
          answer: answeredAt ? 'Answer' : null,
          closedAt: closed ? answeredAt : null,
        })
        .where(eq(complaints.id, c.id));
    };
    await add(at(1, 1), at(1, 11), true, at(3, 1)); // 10 days
    await add(at(2, 1), at(2, 21), false, at(4, 1)); // 20 days
    await add(at(3, 1), at(6, 1), false, at(5, 1)); // 92 days, late
    const figures = (await bo(`figures?year=${year}`)).json();
    expect(figures).toEqual({
      year,
      received: 3,
      answered: 3,
      closed: 1,
      median_days_to_answer: 20,
      overdue: 1,
    });
  });
});

describe('a long register', () => {
  it('shows the newest 1000 on screen and exports every complaint', async () => {
    const old = new Date(Date.UTC(2019, 5, 1));
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      reference: `C-2019-${String(i).padStart(8, '0')}`,
      statusTokenHash: `hash-${i}`,
      language: 'en',
      name: 'Old complainant',
      email: `old${i}@example.com`,
      service: 'other' as const,
      factsFrom: '2019-05-01',
      description: 'Old',
      remedy: 'Old',
      receivedAt: old,
      acknowledgeDueAt: old,
      answerDueAt: old,
    }));
    await t.database.db.insert(complaints).values(rows);
    expect((await bo('')).json().complaints).toHaveLength(1000);
    const csv = (await bo('export.csv')).body;
    expect(csv.split('\r\n').filter((l) => l.startsWith('C-2019-'))).toHaveLength(1001);
  });
});
