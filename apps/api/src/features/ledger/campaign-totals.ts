import type { Currency } from '@indiesplit/shared/wallet';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema-ledger.ts';

// What the ledger says a campaign raised and paid back (the public record of outcomes, ADR 0032):
// read from the accounts' running totals and the transfers, never from figures typed elsewhere.

export interface CampaignLedgerTotals {
  /** Investments posted into the campaign's escrow (its escrow's posted credits). */
  raisedCents: number;
  /** What its revenue account paid to investors: payouts to wallets and shares held in suspense. */
  paidToInvestorsCents: number;
}

/** The totals of each campaign (in one currency), in two indexed queries; 0 for an account not opened. */
export async function campaignLedgerTotals(
  db: Db,
  campaignIds: readonly string[],
  currency: Currency,
): Promise<Map<string, CampaignLedgerTotals>> {
  const totals = new Map<string, CampaignLedgerTotals>(
    campaignIds.map((id) => [id, { raisedCents: 0, paidToInvestorsCents: 0 }]),
  );
  if (campaignIds.length === 0) return totals;
  const accounts = await db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      campaignId: ledgerAccounts.campaignId,
      creditsPosted: ledgerAccounts.creditsPosted,
    })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.campaignId, [...campaignIds]),
        inArray(ledgerAccounts.kind, ['escrow', 'revenue']),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  const revenueAccounts = new Map<string, string>();
  for (const a of accounts) {
    const row = totals.get(a.campaignId as string);
    if (!row) continue;
    if (a.kind === 'escrow') row.raisedCents = a.creditsPosted;
    else revenueAccounts.set(a.id, a.campaignId as string);
  }
  if (revenueAccounts.size === 0) return totals;
  const paid = await db
    .select({
      accountId: ledgerTransfers.debitAccountId,
      cents: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        inArray(ledgerTransfers.debitAccountId, [...revenueAccounts.keys()]),
        inArray(ledgerTransfers.kind, ['payout', 'payout_suspense']),
        inArray(ledgerTransfers.phase, ['single', 'post']),
      ),
    )
    .groupBy(ledgerTransfers.debitAccountId);
  for (const p of paid) {
    const row = totals.get(revenueAccounts.get(p.accountId) as string);
    if (row) row.paidToInvestorsCents = Number(p.cents);
  }
  return totals;
}
