import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evidenceForm,
  insertCampaign,
  investBody,
  makeAdmin,
  newKey,
  readyInvestor,
  rightAnswers,
} from '../../../test/fixtures/investing.ts';
import { makePdf } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const put = (c: TestClient, url: string, body: unknown) => c.request('PUT', url, { body });

describe('investor profile', () => {
  it('needs a session', async () => {
    const c = t.client();
    expect((await c.get('/api/investor-profile/')).statusCode).toBe(401);
    expect((await put(c, '/api/investor-profile/knowledge-test', {})).statusCode).toBe(401);
    expect((await c.post('/api/investor-profile/sophisticated-request', { reason: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('starts empty: not ready, non-sophisticated, threshold 1,000 euros', async () => {
    const { client } = await registerUser(t);
    expect((await client.get('/api/investor-profile/')).json()).toMatchObject({
      email_verified: false,
      knowledge_test: { status: 'missing', taken_at: null, valid_until: null, answers: null, wrong: [] },
      loss_simulation: null,
      investor_class: 'non_sophisticated',
      sophisticated_request: { status: 'none' },
      high_amount_threshold_cents: 100_000,
      ready: false,
    });
  });

  it('fails the knowledge test on a wrong risk answer, passes it for two years when all are right', async () => {
    const { client } = await registerUser(t);
    const failed = await put(client, '/api/investor-profile/knowledge-test', {
      answers: { ...rightAnswers(), loss: 'capital_protected', liquidity: 'sell_anytime' },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().knowledge_test).toMatchObject({ status: 'failed', wrong: ['loss', 'liquidity'] });
    expect(failed.json().ready).toBe(false);

    const passed = (
      await put(client, '/api/investor-profile/knowledge-test', { answers: rightAnswers() })
    ).json();
    expect(passed.knowledge_test.status).toBe('passed');
    expect(passed.knowledge_test.wrong).toEqual([]);
    const taken = new Date(passed.knowledge_test.taken_at);
    const until = new Date(passed.knowledge_test.valid_until);
    expect(
      until.getUTCFullYear() * 12 + until.getUTCMonth() - (taken.getUTCFullYear() * 12 + taken.getUTCMonth()),
    ).toBe(24);
  });

  it('refuses a test with a question unanswered or an unknown answer', async () => {
    const { client } = await registerUser(t);
    const { loss: _loss, ...missing } = rightAnswers();
    const a = await put(client, '/api/investor-profile/knowledge-test', { answers: missing });
    expect(a.statusCode).toBe(400);
    const b = await put(client, '/api/investor-profile/knowledge-test', {
      answers: { ...rightAnswers(), loss: 'maybe' },
    });
    expect(b.statusCode).toBe(400);
    expect((await client.get('/api/investor-profile/')).json().knowledge_test.status).toBe('missing');
  });

  it('simulates the loss the investor can bear: 10% of income + liquid assets - commitments', async () => {
    const { client } = await registerUser(t);
    const res = await put(client, '/api/investor-profile/loss-simulation', {
      // Italian and English grouped formats alike (ADR 0025).
      annual_income: '42.000,50',
      liquid_assets: '15,000.00',
      annual_commitments: '7000.25',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().loss_simulation).toEqual({
      annual_income_cents: 4_200_050,
      liquid_assets_cents: 1_500_000,
      annual_commitments_cents: 700_025,
      net_worth_cents: 5_000_025,
      loss_capacity_cents: 500_002,
    });
    expect(res.json().high_amount_threshold_cents).toBe(250_001);
  });

  it('refuses amounts that are not euros and cents', async () => {
    const { client } = await registerUser(t);
    for (const bad of ['-5', '12.345', '1e6', 'lots', '', '12,50.00']) {
      const res = await put(client, '/api/investor-profile/loss-simulation', {
        annual_income: bad,
        liquid_assets: '0',
        annual_commitments: '0',
      });
      expect(res.statusCode, bad).toBe(400);
      const code = bad === '' ? 'fillMandatory' : bad === '12.345' ? 'amountAmbiguous' : 'invalidAmount';
      expect(res.json().error_codes.annual_income, bad).toBe(code);
    }
  });
});

describe('sophisticated investors', () => {
  it('are approved by an admin only, and then have no reflection period and no high-amount warning', async () => {
    const investor = await readyInvestor(t, { cents: 1_000_000 });
    const admin = await registerUser(t);
    await makeAdmin(db(), admin.id);

    const request = async () =>
      investor.client.request(
        'POST',
        '/api/investor-profile/sophisticated-request',
        evidenceForm(
          [
            ['person_type', 'natural'],
            ['criteria', 'income_or_portfolio'],
            ['criteria', 'professional_client'],
            ['reason', 'I manage a portfolio above 500,000 euros.'],
          ],
          [{ data: await makePdf('Portfolio statement'), name: 'portfolio.pdf' }],
        ),
      );
    const asked = await request();
    expect(asked.statusCode).toBe(200);
    expect(asked.json().sophisticated_request).toMatchObject({ status: 'requested' });
    expect(asked.json().investor_class).toBe('non_sophisticated');
    const twice = await request();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('sophisticatedAlreadyRequested');

    // Members cannot decide, nor see the list; the investor cannot approve themselves.
    expect((await investor.client.get('/api/backoffice/investors/')).statusCode).toBe(403);
    const self = await investor.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'approve',
    });
    expect(self.statusCode).toBe(403);

    const list = (await admin.client.get('/api/backoffice/investors/?status=requested')).json();
    expect(list.investors.map((i: { user_id: string }) => i.user_id)).toContain(investor.id);
    const approved = await admin.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      investor_class: 'sophisticated',
      sophisticated_request: 'approved',
    });

    const campaign = await insertCampaign(db());
    const res = await investor.client.post(`/api/campaigns/${campaign.id}/investments`, investBody(900_000), {
      'idempotency-key': newKey(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ revocable: false, high_amount_consent: false });
    expect(res.json().reflection_ends_at).toBe(res.json().created_at);
    const revoke = await investor.client.post(`/api/investments/${res.json().id}/revoke`);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().code).toBe('reflectionPeriodOver');

    // An approval can be withdrawn: the investor is non-sophisticated again.
    const withdrawn = await admin.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'reject',
      reason: 'The portfolio statement is out of date.',
    });
    expect(withdrawn.json()).toMatchObject({
      investor_class: 'non_sophisticated',
      sophisticated_request: 'rejected',
    });
  });

  it('cannot be decided without a waiting request', async () => {
    const investor = await readyInvestor(t);
    const admin = await registerUser(t);
    await makeAdmin(db(), admin.id);
    const res = await admin.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'approve',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('sophisticatedNoRequest');
    expect((await investor.client.get('/api/investor-profile/')).json().investor_class).toBe(
      'non_sophisticated',
    );
  });
});
