import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acknowledged,
  campaign,
  fund,
  newCampaign,
  newMember,
  useTestApp,
} from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { invest } from '../investing/service.ts';
import { runDueWork } from './worker.ts';

// What an operator's dashboard shows when the settlement worker fails half-way through a funded
// campaign: the error counted, and the investments still waiting to be posted.

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

async function metric(series: string): Promise<number | undefined> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('settlement worker in the metrics', () => {
  it('counts a failed settlement step and shows the investments it left unsettled', async () => {
    const c = await newCampaign(db, { goalCents: 10_000 });
    for (let i = 0; i < 4; i++) {
      const m = await newMember(db, { sophisticated: true });
      await fund(db, m.id, 100_000);
      await invest(ctx, m.id, c.id, { amount_cents: 5_000, ...acknowledged }, randomUUID());
    }

    const at = new Date((await campaign(db, c.id)).deadlineAt!.getTime() + 1_000);
    const round = await runDueWork(ctx, at, {
      afterInvestment: (_id, n) => {
        if (n === 1) throw new Error('simulated failure after one investment');
      },
    });
    expect(round.errors).toHaveLength(1);
    expect((await campaign(db, c.id)).status).toBe('funded');

    expect(await metric('indiesplit_worker_errors_total{worker="settlement"}')).toBe(1);
    expect(await metric('indiesplit_settlement_unsettled_investments')).toBe(3);
    expect(await metric('indiesplit_worker_errors_total{worker="mail"}')).toBe(0);
  });
});
