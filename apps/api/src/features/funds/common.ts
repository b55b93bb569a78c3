import type { Db } from '../../db/client.ts';
import { asLanguage } from '../../platform/i18n.ts';
import * as ledger from '../ledger/service.ts';
import type { FundsMailTarget } from './emails.ts';
import type * as repo from './repo.ts';

// What the deposit and withdrawal operations share: the id check, the member's EUR wallet and the
// platform's side of it, and whom an email goes to.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const accounts = async (db: Db, userId: string) => ({
  wallet: await ledger.ensureAccount(db, { kind: 'wallet', currency: 'EUR', userId }),
  // The member's own shard of the world (ADR 0039): deposits of different members do not queue.
  world: await ledger.ensureAccount(db, {
    kind: 'world',
    currency: 'EUR',
    shard: ledger.worldShardOf(userId),
  }),
});

export function mailTarget(
  member: Pick<repo.MemberRow, 'id' | 'email' | 'language' | 'username'>,
): FundsMailTarget {
  return {
    to: member.email,
    userId: member.id,
    language: asLanguage(member.language),
    username: member.username,
  };
}
