import type { PortfolioDto } from '@indiesplit/shared/investing';
import { centsFromSql } from '@indiesplit/shared/money';
import { CURRENCIES } from '@indiesplit/shared/wallet';
import type { AppContext } from '../../../platform/context.ts';
import * as repo from '../repo.ts';
import { toInvestmentDto } from '../service.ts';

/** The member's investments, newest first, and what they have committed in each currency. */
export async function portfolio(ctx: AppContext, userId: string): Promise<PortfolioDto> {
  const [rows, totals] = await Promise.all([
    repo.listInvestmentsOf(ctx.db, userId),
    repo.committedTotalsOf(ctx.db, userId),
  ]);
  const now = new Date();
  return {
    investments: rows.map((r) => toInvestmentDto(r.investment, r.campaign, now)),
    totals: CURRENCIES.map((currency) => ({
      currency,
      committed_cents: centsFromSql(totals.find((t) => t.currency === currency)?.total ?? null),
    })),
  };
}
