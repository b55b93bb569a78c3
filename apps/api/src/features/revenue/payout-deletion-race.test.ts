import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { expectAllInvariants, useTestApp, walletOf } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { revenuePayouts } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { accountCodeOf } from '../ledger/account-code.ts';
import { payDistribution, recordDeveloperPayment } from './distribution.ts';
import { verifiedReport } from './verified-report.ts';

// An account deleted while its payout is being written. The deletion locks the member's wallet
// (to check it is empty) and marks the account deleted in the same transaction; the payout, which
// read the account as live, waits for that wallet. The part must end in suspense, not in the
// wallet of an account nobody can open. Two transactions interleaving need two connections: this
// runs in the PostgreSQL suite (TEST_DATABASE_URL), which CI always runs.

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

describe('a payout racing an account deletion', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'holds the part of an account deleted while the payout waited for its wallet in suspense',
    async () => {
      const { campaign, investors } = await launchedCampaign(ctx, { investments: [10_000, 30_000] });
      const [stays, leaves] = investors as [(typeof investors)[number], (typeof investors)[number]];
      const admin = await member(t, 'admin');
      const { distribution } = await verifiedReport(db, campaign.id, {
        periodStart: '2026-02-01',
        netCents: 1_000_000,
      });
      // 10% of €10,000 = €1,000; the platform €100; the investors €900 (1:3 -> €225 / €675).
      await recordDeveloperPayment(ctx, distribution.id, {
        bankTransactionId: `BANK-${randomBytes(6).toString('hex')}`,
        amountCents: 100_000,
        actorId: admin.id,
      });

      const deletion = new pg.Client({ connectionString: t.config.databaseUrl });
      await deletion.connect();
      try {
        await deletion.query('begin');
        await deletion.query('select id from ledger_accounts where code = $1 for update', [
          accountCodeOf.wallet(leaves.id, 'EUR'),
        ]);
        const paying = payDistribution(ctx, distribution.id);
        // Wait until the payout is blocked on the wallet the deletion holds.
        for (let i = 0; ; i++) {
          const { rows } = await deletion.query(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if (rows[0].n > 0) break;
          if (i > 200) throw new Error('the payout never waited for the wallet');
          await new Promise((r) => setTimeout(r, 25));
        }
        await deletion.query('update users set deleted_at = now() where id = $1', [leaves.id]);
        await deletion.query('commit');
        expect((await paying).status).toBe('paid');
      } finally {
        await deletion.end();
      }

      const parts = await db
        .select({
          userId: revenuePayouts.userId,
          amount: revenuePayouts.amountCents,
          toSuspense: revenuePayouts.toSuspense,
        })
        .from(revenuePayouts)
        .where(and(eq(revenuePayouts.distributionId, distribution.id)));
      expect(parts.find((p) => p.userId === leaves.id)).toMatchObject({ amount: 67_500, toSuspense: true });
      expect(parts.find((p) => p.userId === stays.id)).toMatchObject({ amount: 22_500, toSuspense: false });
      expect((await walletOf(db, leaves.id)).posted).toBe(0);
      expect((await walletOf(db, stays.id)).posted).toBe(22_500);
      const [gone] = await db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, leaves.id));
      expect(gone?.deletedAt).not.toBeNull();
      await expectAllInvariants(db);
    },
  );
});
