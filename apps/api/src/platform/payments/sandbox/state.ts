import { randomBytes } from 'node:crypto';

// The sandbox provider's memory: the resources of the subset of Mangopay's API we use, with the
// provider's own field names and JSON shapes (ADR 0039). Money moves only through the functions
// here, so a wallet's balance is always the sum of what succeeded into and out of it.

export type Json = Record<string, unknown>;

export interface SandboxState {
  seq: number;
  users: Map<string, Json>;
  wallets: Map<string, Json>;
  virtualAccounts: Map<string, Json>;
  /** IBAN -> virtual account id. */
  ibans: Map<string, string>;
  idv: Map<string, Json>;
  payins: Map<string, Json>;
  transfers: Map<string, Json>;
  payouts: Map<string, Json>;
  /** Bank accounts registered to pay out to (Mangopay's Recipients). */
  recipients: Map<string, Json>;
  hooks: Map<string, Json>;
  /** The client's fees wallet (FEES_EUR): every transfer's fees, in cents. */
  feesCents: number;
  /** Idempotency-Key -> the first answer given with it, and when (kept IDEMPOTENCY_TTL_MS). */
  idempotency: Map<string, { status: number; body: unknown; at: number }>;
}

export function newState(): SandboxState {
  return {
    seq: 0,
    users: new Map(),
    wallets: new Map(),
    virtualAccounts: new Map(),
    ibans: new Map(),
    idv: new Map(),
    payins: new Map(),
    transfers: new Map(),
    payouts: new Map(),
    recipients: new Map(),
    hooks: new Map(),
    feesCents: 0,
    idempotency: new Map(),
  };
}

/** Ids look like Mangopay's: a prefix and digits (the prefix keeps them apart in the logs). */
export function nextId(state: SandboxState, prefix: string): string {
  state.seq += 1;
  return `${prefix}${String(Date.now()).slice(-6)}${String(state.seq).padStart(6, '0')}`;
}

export const now = () => Math.floor(Date.now() / 1000);
export const eur = (amount: number) => ({ Currency: 'EUR', Amount: amount });

/** A valid Italian IBAN (ISO 7064 mod-97) on the sandbox's own bank code. */
export function newIban(): string {
  const bban = `X0300203280${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, '0').slice(0, 12)}`;
  const numeric = `${bban}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return `IT${String(98 - rest).padStart(2, '0')}${bban}`;
}

export function balanceOf(state: SandboxState, walletId: string): number {
  return Number((state.wallets.get(walletId)?.Balance as { Amount?: number } | undefined)?.Amount ?? 0);
}

export function adjust(state: SandboxState, walletId: string, delta: number): void {
  const wallet = state.wallets.get(walletId);
  if (!wallet) throw new Error(`no wallet ${walletId}`);
  wallet.Balance = eur(balanceOf(state, walletId) + delta);
}

/** An IBAN as the sandbox keeps it: no spaces, upper case. */
export const escapeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();
