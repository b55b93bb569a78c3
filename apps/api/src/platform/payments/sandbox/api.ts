import { routeKybApi } from './kyb.ts';
import {
  createRecipient,
  NON_SCA_BANK_ACCOUNT,
  payoutPaymentRef,
  payoutRecipient,
  recipientIban,
} from './recipients.ts';
import { adjust, balanceOf, eur, type Json, newIban, nextId, now, type SandboxState } from './state.ts';

// The sandbox provider's API (ADR 0039): the subset of Mangopay's REST resources we use, answered
// from the sandbox's state. server.ts does the HTTP around it (token, Idempotency-Key, faults) and
// hands each authorised request to routeApi.

/** A refusal in Mangopay's shape: the HTTP status and the error's Type. */
export class HttpFail extends Error {
  readonly status: number;
  readonly type: string;
  /** Which fields were wrong, and why (Mangopay's `errors`). */
  readonly errors: Record<string, string>;
  constructor(status: number, type: string, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.errors = errors;
  }
}

/**
 * A wallet's transactions created in [AfterDate, BeforeDate), oldest first, a page at a time
 * (Page, Per_Page up to 100), as the provider lists them: pay-ins into it, transfers in or out,
 * payouts out of it (a pay-in sent back among them).
 */
export function walletTransactions(s: SandboxState, wallet: Json, query: URLSearchParams): Json[] {
  const int = (name: string, fallback: number) => {
    const v = Number(query.get(name) ?? fallback);
    if (!Number.isSafeInteger(v) || v < 0) throw new HttpFail(400, 'param_error', `${name} is invalid`);
    return v;
  };
  const page = Math.max(1, int('Page', 1));
  const perPage = Math.min(100, Math.max(1, int('Per_Page', 10)));
  const after = int('AfterDate', 0);
  const before = int('BeforeDate', Number.MAX_SAFE_INTEGER);
  const id = wallet.Id;
  // Ids end in the sandbox's running number: within one second, the order things were made.
  const made = (t: Json) => Number(String(t.Id).slice(-6));
  const all = [
    ...[...s.payins.values()].filter((t) => t.CreditedWalletId === id),
    ...[...s.transfers.values()].filter((t) => t.DebitedWalletId === id || t.CreditedWalletId === id),
    ...[...s.payouts.values()].filter((t) => t.DebitedWalletId === id),
  ]
    .filter((t) => Number(t.CreationDate) >= after && Number(t.CreationDate) < before)
    .sort((x, y) => Number(x.CreationDate) - Number(y.CreationDate) || made(x) - made(y));
  return all.slice((page - 1) * perPage, page * perPage);
}

/** What the API needs of the sandbox around it. */
export interface ApiHost {
  readonly state: SandboxState;
  /** Where the sandbox's own pages are (an identity check's hosted URL, a recipient's SCA page). */
  readonly baseUrl: string;
  /** IBANs whose payouts the sandbox bank refuses. */
  readonly failingIbans: Set<string>;
  /** Milliseconds before a payout settles on its own. */
  readonly payoutDelayMs: number | undefined;
  emit(eventType: string, resourceId: string): void;
  settlePayout(id: string, outcome: 'SUCCEEDED' | 'FAILED'): void;
  /** Runs `work` after `ms`, unless the sandbox stops first. */
  later(work: () => void, ms: number): void;
}

/** Answers one authorised API request (its path below /v2.01/<client id>), or throws HttpFail. */
export function routeApi(
  host: ApiHost,
  method: string,
  path: string,
  body: Json,
  query: URLSearchParams,
): unknown {
  const s = host.state;
  const parts = path.split('/').filter(Boolean);
  // Studios' legal users, KYC documents and UBO declarations (kyb.ts).
  const kyb = routeKybApi(host, method, parts, body);
  if (kyb !== undefined) return kyb;
  const [a, b, c, d] = parts;
  const found = (map: Map<string, Json>, id: string | undefined) => {
    const row = id ? map.get(id) : undefined;
    if (!row) throw new HttpFail(404, 'ressource_not_found', 'Cannot found the ressource');
    return row;
  };
  if (method === 'POST' && a === 'users' && b === 'natural' && parts.length === 2) {
    for (const f of ['FirstName', 'LastName', 'Email'] as const)
      if (typeof body[f] !== 'string' || body[f] === '')
        throw new HttpFail(400, 'param_error', `${f} is required`);
    const id = nextId(s, 'user_');
    const user = {
      Id: id,
      PersonType: 'NATURAL',
      UserCategory: body.UserCategory ?? 'PAYER',
      KYCLevel: 'LIGHT',
      FirstName: body.FirstName,
      LastName: body.LastName,
      Email: body.Email,
      Tag: body.Tag ?? null,
      TermsAndConditionsAccepted: body.TermsAndConditionsAccepted === true,
      CreationDate: now(),
    };
    s.users.set(id, user);
    return user;
  }
  if (method === 'GET' && a === 'users' && parts.length === 2) return found(s.users, b);
  if (method === 'POST' && a === 'users' && c === 'identity-verifications') {
    const user = found(s.users, b);
    if (user.UserCategory !== 'OWNER')
      throw new HttpFail(400, 'param_error', 'Identity verification needs an OWNER user');
    if (typeof body.ReturnUrl !== 'string' || !/^https?:\/\//.test(body.ReturnUrl))
      throw new HttpFail(400, 'param_error', 'ReturnUrl is invalid');
    const id = nextId(s, 'idv_');
    const session = {
      Id: id,
      UserId: user.Id,
      Status: 'PENDING',
      HostedUrl: `${host.baseUrl}/sandbox/idv/${id}`,
      ReturnUrl: body.ReturnUrl,
      Tag: body.Tag ?? null,
      CreationDate: now(),
      LastUpdate: now(),
      Checks: [],
    };
    s.idv.set(id, session);
    return session;
  }
  if (method === 'GET' && a === 'identity-verifications' && parts.length === 2) return found(s.idv, b);
  if (method === 'POST' && a === 'wallets' && parts.length === 1) {
    const owners = body.Owners;
    if (!Array.isArray(owners) || owners.length !== 1)
      throw new HttpFail(400, 'param_error', 'Owners is required');
    found(s.users, String(owners[0]));
    if (body.Currency !== 'EUR') throw new HttpFail(400, 'param_error', 'Currency must be EUR here');
    const id = nextId(s, 'wlt_');
    const wallet = {
      Id: id,
      Owners: owners,
      Description: body.Description ?? '',
      Currency: 'EUR',
      Balance: eur(0),
      FundsType: 'DEFAULT',
      Tag: body.Tag ?? null,
      CreationDate: now(),
    };
    s.wallets.set(id, wallet);
    return wallet;
  }
  if (method === 'GET' && a === 'wallets' && parts.length === 2) return found(s.wallets, b);
  if (method === 'GET' && a === 'wallets' && c === 'transactions' && parts.length === 3)
    return walletTransactions(host.state, found(s.wallets, b), query);
  if (method === 'POST' && a === 'wallets' && c === 'virtual-accounts' && parts.length === 3) {
    const wallet = found(s.wallets, b);
    const owner = found(s.users, String((wallet.Owners as string[])[0]));
    const iban = newIban();
    const id = nextId(s, 'va_');
    const va = {
      Id: id,
      WalletId: wallet.Id,
      CreditedUserId: owner.Id,
      VirtualAccountPurpose: body.VirtualAccountPurpose ?? 'USER_OWNED',
      Country: body.Country ?? 'IT',
      Status: 'ACTIVE',
      Active: true,
      // A legal user's account is in its name (the platform's own user owns the revenue wallets).
      AccountOwner: owner.PersonType === 'LEGAL' ? owner.Name : `${owner.FirstName} ${owner.LastName}`,
      LocalAccountsDetails: {
        Address: { StreetName: 'Via del Sandbox 1', PostCode: '20100', TownName: 'Milano', Country: 'IT' },
        Account: { Iban: iban, Bic: 'SNDBITMMXXX' },
        BankName: 'Sandbox Bank',
      },
      InternationalAccountDetails: null,
      Capabilities: { LocalPayinAvailable: true, InternationalPayinAvailable: false, Currencies: ['EUR'] },
      ResultCode: '000000',
      ResultMessage: 'Success',
      CreationDate: now(),
    };
    s.virtualAccounts.set(id, va);
    s.ibans.set(iban, id);
    return va;
  }
  if (method === 'GET' && a === 'wallets' && c === 'virtual-accounts' && parts.length === 4) {
    const va = found(s.virtualAccounts, d);
    if (va.WalletId !== b) throw new HttpFail(404, 'ressource_not_found', 'Cannot found the ressource');
    return va;
  }
  if (method === 'GET' && a === 'payins' && parts.length === 2) return found(s.payins, b);
  if (method === 'POST' && a === 'transfers' && parts.length === 1) {
    const from = found(s.wallets, String(body.DebitedWalletId));
    const to = found(s.wallets, String(body.CreditedWalletId));
    const amount = Number((body.DebitedFunds as Json | undefined)?.Amount);
    const fees = Number((body.Fees as Json | undefined)?.Amount ?? 0);
    if (
      !Number.isSafeInteger(amount) ||
      amount <= 0 ||
      !Number.isSafeInteger(fees) ||
      fees < 0 ||
      fees > amount
    )
      throw new HttpFail(400, 'param_error', 'DebitedFunds or Fees is invalid');
    const ok = balanceOf(s, String(from.Id)) >= amount;
    const id = nextId(s, 'tr_');
    const transfer = {
      Id: id,
      AuthorId: body.AuthorId,
      DebitedWalletId: from.Id,
      CreditedWalletId: to.Id,
      DebitedFunds: eur(amount),
      CreditedFunds: eur(amount - fees),
      Fees: eur(fees),
      Status: ok ? 'SUCCEEDED' : 'FAILED',
      ResultCode: ok ? '000000' : '001001',
      ResultMessage: ok ? 'Success' : 'Unsufficient wallet balance',
      Tag: body.Tag ?? null,
      Type: 'TRANSFER',
      Nature: 'REGULAR',
      CreationDate: now(),
      ExecutionDate: now(),
    };
    if (ok) {
      adjust(s, String(from.Id), -amount);
      adjust(s, String(to.Id), amount - fees);
      s.feesCents += fees;
    }
    s.transfers.set(id, transfer);
    host.emit(ok ? 'TRANSFER_NORMAL_SUCCEEDED' : 'TRANSFER_NORMAL_FAILED', id);
    return transfer;
  }
  if (method === 'GET' && a === 'transfers' && parts.length === 2) return found(s.transfers, b);
  // The client's own fees wallet, which every transaction's Fees credit.
  if (
    method === 'GET' &&
    a === 'clients' &&
    b === 'wallets' &&
    c === 'FEES' &&
    d === 'EUR' &&
    parts.length === 4
  )
    return { Id: 'FEES_EUR', Balance: eur(s.feesCents), Currency: 'EUR', FundsType: 'FEES' };
  if (method === 'POST' && a === 'users' && c === 'recipients' && parts.length === 3)
    return createRecipient(host, found(s.users, b), body);
  if (method === 'GET' && a === 'recipients' && parts.length === 2) return found(s.recipients, b);
  if (method === 'POST' && a === 'payouts' && b === 'bankwire' && parts.length === 2) {
    const wallet = found(s.wallets, String(body.DebitedWalletId));
    const amount = Number((body.DebitedFunds as Json | undefined)?.Amount);
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new HttpFail(400, 'param_error', 'DebitedFunds is invalid', { DebitedFunds: 'invalid' });
    const base = {
      AuthorId: body.AuthorId,
      DebitedWalletId: wallet.Id,
      DebitedFunds: eur(amount),
      CreditedFunds: eur(amount),
      Fees: eur(0),
      BankWireRef: body.BankWireRef ?? null,
      Tag: body.Tag ?? null,
      Type: 'PAYOUT',
      Nature: 'REGULAR',
      PaymentType: 'BANK_WIRE',
      CreationDate: now(),
    };
    // A legacy Bank Account: the sandbox has none made before 30 April 2026, so every such payout
    // fails as live Mangopay fails it for newer ones, moving nothing.
    if (body.RecipientId == null && body.BankAccountId != null) {
      const id = nextId(s, 'po_');
      const payout = {
        Id: id,
        ...base,
        BankAccountId: body.BankAccountId,
        RecipientId: null,
        PaymentRef: null,
        Status: 'FAILED',
        ...NON_SCA_BANK_ACCOUNT,
      };
      s.payouts.set(id, payout);
      host.emit('PAYOUT_NORMAL_FAILED', id);
      return payout;
    }
    const recipient = payoutRecipient(s, body);
    const paymentRef = payoutPaymentRef(s, body, String(wallet.Id), amount);
    const ok = balanceOf(s, String(wallet.Id)) >= amount;
    const id = nextId(s, 'po_');
    const payout = {
      Id: id,
      ...base,
      RecipientId: recipient.Id,
      PaymentRef: paymentRef,
      Status: ok ? 'CREATED' : 'FAILED',
      ResultCode: ok ? null : '001001',
      ResultMessage: ok ? null : 'Unsufficient wallet balance',
    };
    s.payouts.set(id, payout);
    if (ok) {
      // The money leaves the wallet now; the bank settles the payout later (a refused one puts it
      // back), on its own after payoutDelayMs or when a test settles it (settlePayout).
      adjust(s, String(wallet.Id), -amount);
      const iban = recipientIban(recipient);
      host.later(
        () => host.settlePayout(id, host.failingIbans.has(iban) ? 'FAILED' : 'SUCCEEDED'),
        host.payoutDelayMs ?? 1000,
      );
    } else {
      host.emit('PAYOUT_NORMAL_FAILED', id);
    }
    return payout;
  }
  if (method === 'GET' && a === 'payouts' && (parts.length === 2 || (b === 'bankwire' && parts.length === 3)))
    return found(s.payouts, parts.length === 2 ? b : c);
  if (method === 'POST' && a === 'hooks' && parts.length === 1) {
    if (typeof body.EventType !== 'string' || typeof body.Url !== 'string' || !/^https?:\/\//.test(body.Url))
      throw new HttpFail(400, 'param_error', 'EventType and Url are required');
    for (const h of s.hooks.values())
      if (h.EventType === body.EventType)
        throw new HttpFail(409, 'param_error', 'A hook has already been registered for this EventType');
    const id = nextId(s, 'hk_');
    const hook = {
      Id: id,
      EventType: body.EventType,
      Url: body.Url,
      Status: 'ENABLED',
      Validity: 'VALID',
      CreationDate: now(),
    };
    s.hooks.set(id, hook);
    return hook;
  }
  if (method === 'GET' && a === 'hooks' && parts.length === 1) return [...s.hooks.values()];
  if (method === 'PUT' && a === 'hooks' && parts.length === 2) {
    const hook = found(s.hooks, b);
    if (typeof body.Url === 'string') hook.Url = body.Url;
    if (body.Status === 'ENABLED' || body.Status === 'DISABLED') hook.Status = body.Status;
    return hook;
  }
  throw new HttpFail(404, 'ressource_not_found', 'Not found');
}

// ---- pages -----------------------------------------------------------------------------------
