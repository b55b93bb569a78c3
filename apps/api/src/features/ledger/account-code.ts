import type { Currency } from '@indiesplit/shared/wallet';
import { type SQL, sql } from 'drizzle-orm';

// The one rule that names ledger accounts (ADR 0022). An account belongs to nobody
// ("world:EUR", "suspense:EUR", "demo_mint:DEMO"), to a member ("wallet:<user id>:EUR") or to a
// campaign ("escrow:<campaign id>:EUR", "revenue:<campaign id>:EUR"): its code is its kind, its
// owner's id when it has one, and its currency, joined by ':'. The same rule is given twice, for
// one account in TypeScript and as a SQL expression for set-based statements, side by side so the
// two cannot drift apart.

export type AccountKind = 'wallet' | 'escrow' | 'platform' | 'world' | 'demo_mint' | 'suspense' | 'revenue';

export interface AccountSpec {
  kind: AccountKind;
  currency: Currency;
  userId?: string;
  campaignId?: string;
  /** Which of the world's accounts (0 to WORLD_SHARDS - 1; 0 when absent): see worldShardOf. */
  shard?: number;
}

/**
 * The outside world is one account per currency cut into this many: every deposit and withdrawal
 * moves money between a wallet and the world, and the transfer locks both rows, so a single world
 * row made every deposit of every member wait for the one before (ADR 0039's webhook figures).
 * Each shard is an ordinary account that may go negative; the world's balance is their sum, and
 * nothing reads it but the invariants, which sum every account anyway.
 */
export const WORLD_SHARDS = 16;

/** The world shard a member's deposits and withdrawals use: fixed per member, spread over all. */
export function worldShardOf(userId: string): number {
  let h = 0;
  for (let i = 0; i < userId.length; i++) h = (h * 31 + userId.charCodeAt(i)) >>> 0;
  return h % WORLD_SHARDS;
}

const SEPARATOR = ':';

/** The owner whose id goes into the code of an account of `spec.kind`, checked. */
function ownerOf(spec: AccountSpec): string | null {
  switch (spec.kind) {
    case 'wallet':
      if (!spec.userId) throw new Error('a wallet needs a user');
      return spec.userId;
    case 'escrow':
      if (!spec.campaignId) throw new Error('an escrow needs a campaign');
      return spec.campaignId;
    case 'revenue':
      if (!spec.campaignId) throw new Error('a revenue pool account needs a campaign');
      return spec.campaignId;
    case 'world': {
      const shard = spec.shard ?? 0;
      if (!Number.isInteger(shard) || shard < 0 || shard >= WORLD_SHARDS)
        throw new Error('no such world shard');
      // Shard 0 keeps the code the one world account always had.
      return shard === 0 ? null : String(shard);
    }
    case 'demo_mint':
      if (spec.currency !== 'DEMO') throw new Error('the demo mint issues DEMO only');
      return null;
    default:
      return null;
  }
}

/** The stable code of an account: one wallet per user and currency, one escrow per campaign … */
export function accountCode(spec: AccountSpec): string {
  const owner = ownerOf(spec);
  return [spec.kind, ...(owner === null ? [] : [owner]), spec.currency].join(SEPARATOR);
}

/** Shorthands for the codes other features look accounts up by. */
export const accountCodeOf = {
  wallet: (userId: string, currency: Currency) => accountCode({ kind: 'wallet', userId, currency }),
  escrow: (campaignId: string, currency: Currency) => accountCode({ kind: 'escrow', campaignId, currency }),
  revenue: (campaignId: string, currency: Currency) => accountCode({ kind: 'revenue', campaignId, currency }),
  platform: (currency: Currency) => accountCode({ kind: 'platform', currency }),
};

/**
 * `accountCode` as a SQL expression, for accounts owned by a user or a campaign whose id is a
 * column (or any expression) of a set-based statement.
 */
export function ownedAccountCodeSql(kind: 'wallet' | 'escrow' | 'revenue', owner: SQL, currency: SQL): SQL {
  // The kind and the separators are literals of this module, never input: inlined as constants.
  return sql`${sql.raw(`'${kind}${SEPARATOR}'`)} || ${owner} || ${sql.raw(`'${SEPARATOR}'`)} || ${currency}`;
}
