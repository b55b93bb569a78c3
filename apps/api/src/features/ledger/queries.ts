// The ledger's reads and row locks that other features use (its public surface, ADR 0023): they
// name accounts and lock them through here, never through repo.ts.
export {
  type AccountRow,
  findAccount,
  findAccountByCode,
  listAccountTransfers,
  lockAccounts,
} from './repo.ts';
