import {
  type Currency,
  DEMO_WALLET_CENTS,
  type WalletBalanceDto,
  type WalletMovementsResponse,
  type WalletTransactionDto,
} from '@indiesplit/shared/wallet';
import type { Db } from '../../db/client.ts';
import * as ledger from '../ledger/service.ts';

// A member's wallets: one per currency, accounts of the ledger. Real euros arrive by bank transfer
// (recorded by the back office); virtual euros come from the demo mint and never meet real ones.

const PAGE = 50;

function balanceDto(currency: Currency, account: ledger.Account | undefined): WalletBalanceDto {
  const b = account ? ledger.balanceOf(account) : { posted: 0, reservedOut: 0, available: 0 };
  return { currency, posted_cents: b.posted, reserved_cents: b.reservedOut, available_cents: b.available };
}

export async function walletSummary(
  db: Db,
  userId: string,
  options: { before?: number; currency?: Currency } = {},
): Promise<{
  balances: WalletBalanceDto[];
  transactions: WalletTransactionDto[];
  next_before: number | null;
}> {
  const currencies: Currency[] = options.currency ? [options.currency] : ['EUR', 'DEMO'];
  const accounts = await Promise.all(currencies.map((c) => ledger.findWallet(db, userId, c)));
  const transactions: WalletTransactionDto[] = [];
  for (const account of accounts) {
    if (!account) continue;
    const rows = await ledger.listTransfers(db, account.id, {
      before: options.before,
      limit: PAGE + 1,
    });
    for (const row of rows) {
      transactions.push({
        id: row.id,
        currency: row.currency as Currency,
        amount_cents: row.creditAccountId === account.id ? row.amount : -row.amount,
        kind: row.kind,
        phase: row.phase as WalletTransactionDto['phase'],
        created_at: row.createdAt.toISOString(),
      });
    }
  }
  // Newest first across both currencies; one page, and where the next one starts.
  transactions.sort((a, b) => b.id - a.id);
  const page = transactions.slice(0, PAGE);
  return {
    balances: currencies.map((c, i) => balanceDto(c, accounts[i])),
    transactions: page,
    next_before: transactions.length > PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

const MOVEMENTS_PAGE = 50;

/**
 * The member's movements of the available balance in one currency (issue #16): each once, signed
 * as it changed what they can spend, with the balance after it, newest first; and what the
 * reserved balance holds. The balance is read in the same transaction, so the newest movement's
 * balance and the available balance cannot disagree.
 */
export async function walletMovements(
  db: Db,
  userId: string,
  options: { currency: Currency; before?: number },
): Promise<WalletMovementsResponse> {
  return db.transaction(
    async (tx) => {
      const account = await ledger.findWallet(tx, userId, options.currency);
      if (!account)
        return {
          balance: balanceDto(options.currency, undefined),
          reservations: [],
          movements: [],
          next_before: null,
        };
      const [rows, reservations] = await Promise.all([
        ledger.walletMovements(tx, account.id, { before: options.before, limit: MOVEMENTS_PAGE + 1 }),
        ledger.openReservations(tx, account.id),
      ]);
      const page = rows.slice(0, MOVEMENTS_PAGE);
      return {
        balance: balanceDto(options.currency, account),
        reservations: reservations.map((r) => ({
          id: r.id,
          kind: r.kind,
          amount_cents: r.amountCents,
          campaign: r.campaign,
          created_at: r.createdAt.toISOString(),
        })),
        movements: page.map((m) => ({
          id: m.id,
          currency: options.currency,
          kind: m.kind,
          phase: m.phase,
          amount_cents: m.amountCents,
          balance_after_cents: m.balanceAfterCents,
          reservation: m.reservation,
          campaign: m.campaign,
          created_at: m.createdAt.toISOString(),
        })),
        next_before: rows.length > MOVEMENTS_PAGE ? (page.at(-1)?.id ?? null) : null,
      };
    },
    // One snapshot for the balance and the movements.
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Opens the demo wallet with 10,000 virtual euros, or resets it: the available balance is brought
 * back to exactly 10,000 (money held by running demo investments stays where it is). Repeating it
 * changes nothing, so a double click cannot mint twice.
 */
export async function resetDemoWallet(db: Db, userId: string): Promise<WalletBalanceDto> {
  return db.transaction(async (tx) => {
    const mint = await ledger.ensureAccount(tx, { kind: 'demo_mint', currency: 'DEMO' });
    const wallet = await ledger.ensureAccount(tx, { kind: 'wallet', currency: 'DEMO', userId });
    // Serialise resets of one wallet: the difference is computed from a locked row.
    const locked = await ledger.lockAccount(tx, wallet.id);
    const gap = DEMO_WALLET_CENTS - ledger.balanceOf(locked).available;
    if (gap > 0) {
      await ledger.transfer(tx, {
        debitAccountId: mint.id,
        creditAccountId: wallet.id,
        amount: gap,
        currency: 'DEMO',
        kind: 'demo_grant',
        createdBy: userId,
      });
    } else if (gap < 0) {
      await ledger.transfer(tx, {
        debitAccountId: wallet.id,
        creditAccountId: mint.id,
        amount: -gap,
        currency: 'DEMO',
        kind: 'demo_reset',
        createdBy: userId,
      });
    }
    return balanceDto('DEMO', await ledger.findAccount(tx, wallet.id));
  });
}
