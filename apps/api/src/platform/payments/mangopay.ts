import { createRequire } from 'node:module';
import MangoPay from 'mangopay4-nodejs-sdk';
import {
  type BankAccount,
  type BankAccountInput,
  type Hook,
  type HookEventType,
  type IdentityVerificationSession,
  type IdentityVerificationStatus,
  type NaturalUserInput,
  type PayIn,
  type PaymentProvider,
  type Payout,
  type PayoutInput,
  ProviderError,
  type ProviderMoney,
  type ProviderStatus,
  type ProviderUser,
  type ProviderWallet,
  type Refund,
  type Transfer,
  type TransferInput,
  type VirtualAccount,
  type WalletTransaction,
} from './provider.ts';
import { DEFAULT_RETRY, type RetryPolicy, withRetry } from './retry.ts';

// The Mangopay adapter (ADR 0039), through the official Node SDK. Every call asks the SDK for the
// full HTTP answer so the status code tells a refusal (4xx: final) from a fault (timeout, 429,
// 5xx: tried again with the same Idempotency-Key). A read that answers 404 is null: the resource
// does not exist at the provider.
//
// The SDK keeps its base URL and its token on shared (module-level) state, so one process talks to
// one Mangopay client: the provider is made once, at start-up (create-provider.ts).

export interface MangopayOptions {
  clientId: string;
  apiKey: string;
  baseUrl: string;
  /** Our country for new virtual accounts (the IBAN's country). */
  virtualAccountCountry?: string;
  retry?: Partial<RetryPolicy>;
  onRetry?: (err: ProviderError, attempt: number, what: string) => void;
}

// The SDK's answers are plain JSON with the provider's field names; only what we read is typed.
type Json = Record<string, unknown>;
type Full = { status?: number; body?: unknown; data?: unknown };
type Options = { headers?: Record<string, string>; resolveWithFullResponse: true };
// biome-ignore lint/suspicious/noExplicitAny: the SDK's overloaded typings do not name the full-answer form for every service.
type Sdk = any;

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function money(v: unknown): ProviderMoney {
  const m = (v ?? {}) as Json;
  const amount = Number(m.Amount ?? 0);
  if (!Number.isSafeInteger(amount))
    throw new ProviderError('provider sent a non-integer amount', 502, false);
  if (m.Currency !== undefined && m.Currency !== 'EUR')
    throw new ProviderError(`provider sent currency ${str(m.Currency)}`, 502, false);
  return { currency: 'EUR', amount };
}

function status(v: unknown): ProviderStatus {
  return v === 'SUCCEEDED' || v === 'FAILED' ? v : 'CREATED';
}

const IDV_STATUSES: IdentityVerificationStatus[] = [
  'PENDING',
  'VALIDATED',
  'REFUSED',
  'REVIEW',
  'OUT_OF_DATE',
  'TIMEOUT',
  'ERROR',
];

function idvReason(checks: unknown): string | null {
  if (!Array.isArray(checks)) return null;
  const reasons: string[] = [];
  for (const check of checks as Json[]) {
    if (check.CheckStatus !== 'REFUSED') continue;
    for (const r of (Array.isArray(check.Reasons) ? check.Reasons : []) as Json[]) {
      const text = [str(r.Type), str(r.Value)].filter(Boolean).join(': ');
      if (text) reasons.push(text);
    }
    if (!Array.isArray(check.Reasons) || check.Reasons.length === 0) reasons.push(str(check.Type));
  }
  return reasons.length > 0 ? reasons.join('; ').slice(0, 500) : null;
}

export function toIdentityVerification(j: Json): IdentityVerificationSession {
  const s = str(j.Status) as IdentityVerificationStatus;
  return {
    id: str(j.Id),
    userId: str(j.UserId),
    status: IDV_STATUSES.includes(s) ? s : 'ERROR',
    hostedUrl: str(j.HostedUrl),
    reason: idvReason(j.Checks),
  };
}

function toUser(j: Json): ProviderUser {
  return {
    id: str(j.Id),
    firstName: str(j.FirstName),
    lastName: str(j.LastName),
    email: str(j.Email),
    tag: strOrNull(j.Tag),
  };
}

function toWallet(j: Json): ProviderWallet {
  const owners = Array.isArray(j.Owners) ? (j.Owners as unknown[]) : [];
  return {
    id: str(j.Id),
    ownerId: str(owners[0]),
    description: str(j.Description),
    balance: money(j.Balance),
    tag: strOrNull(j.Tag),
  };
}

function toVirtualAccount(j: Json): VirtualAccount {
  const local = ((j.LocalAccountsDetails as Json | undefined)?.Account ?? {}) as Json;
  const international = ((j.InternationalAccountDetails as Json | undefined)?.Account ?? {}) as Json;
  const owner = j.AccountOwner;
  return {
    id: str(j.Id),
    walletId: str(j.WalletId),
    ownerId: str(j.CreditedUserId),
    iban: str(local.Iban ?? international.Iban).replace(/\s+/g, ''),
    bic: str(local.Bic ?? international.Bic),
    holderName: typeof owner === 'string' ? owner : '',
    active: j.Active === true,
  };
}

function toPayIn(j: Json): PayIn {
  const debited = (j.DebitedBankAccount ?? {}) as Json;
  const executed = Number(j.ExecutionDate ?? 0);
  return {
    id: str(j.Id),
    status: status(j.Status),
    creditedWalletId: str(j.CreditedWalletId),
    creditedUserId: str(j.CreditedUserId),
    // A bank wire on a virtual account credits what arrived, less the fees.
    amount: money(j.CreditedFunds ?? j.DebitedFunds),
    fees: money(j.Fees),
    payerName: strOrNull(debited.OwnerName),
    payerIban: strOrNull(debited.IBAN ?? debited.AccountNumber),
    wireReference: strOrNull(j.WireReference),
    resultMessage: strOrNull(j.ResultMessage),
    executedAt: executed > 0 ? new Date(executed * 1000) : null,
  };
}

function toTransfer(j: Json): Transfer {
  return {
    id: str(j.Id),
    status: status(j.Status),
    authorId: str(j.AuthorId),
    debitedWalletId: str(j.DebitedWalletId),
    creditedWalletId: str(j.CreditedWalletId),
    amount: money(j.DebitedFunds),
    fees: money(j.Fees),
    resultMessage: strOrNull(j.ResultMessage),
  };
}

const TRANSACTION_TYPES = ['PAYIN', 'TRANSFER', 'PAYOUT'] as const;

function toWalletTransaction(j: Json): WalletTransaction {
  const type = TRANSACTION_TYPES.find((t) => t === j.Type);
  if (!type) throw new ProviderError(`provider listed a transaction of type ${str(j.Type)}`, 502, false);
  return {
    id: str(j.Id),
    type,
    nature: str(j.Nature) || 'REGULAR',
    status: status(j.Status),
    debitedWalletId: strOrNull(j.DebitedWalletId),
    creditedWalletId: strOrNull(j.CreditedWalletId),
    amount: money(j.DebitedFunds),
    createdAt: new Date(Number(j.CreationDate ?? 0) * 1000),
    tag: strOrNull(j.Tag),
  };
}

/** The most transactions one page holds (the provider's limit). */
const TRANSACTIONS_PER_PAGE = 100;
/** Pages read at most for one wallet and window: a wallet busier than this is refused, not cut short. */
const TRANSACTION_PAGES = 100;

function toPayout(j: Json): Payout {
  return {
    id: str(j.Id),
    status: status(j.Status),
    authorId: str(j.AuthorId),
    debitedWalletId: str(j.DebitedWalletId),
    bankAccountId: str(j.BankAccountId),
    amount: money(j.DebitedFunds),
    resultMessage: strOrNull(j.ResultMessage),
    tag: strOrNull(j.Tag),
  };
}

function toRefund(j: Json): Refund {
  return {
    id: str(j.Id),
    status: status(j.Status),
    initialTransactionId: str(j.InitialTransactionId),
    amount: money(j.DebitedFunds),
    resultMessage: strOrNull(j.ResultMessage),
  };
}

function toBankAccount(j: Json): BankAccount {
  return {
    id: str(j.Id),
    userId: str(j.UserId),
    ownerName: str(j.OwnerName),
    iban: str(j.IBAN),
    active: j.Active !== false,
  };
}

function toHook(j: Json): Hook {
  return {
    id: str(j.Id),
    eventType: str(j.EventType),
    url: str(j.Url),
    status: j.Status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
  };
}

/** The SDK rejects with the HTTP answer, a `{Message, Code: 408}` on its own timeout, or a string. */
function toProviderError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err && typeof err === 'object') {
    const e = err as Full & { Code?: number; Message?: string; message?: string };
    const statusCode = typeof e.status === 'number' ? e.status : typeof e.Code === 'number' ? e.Code : 0;
    const body = (e.body ?? e.data ?? {}) as Json;
    const message = str(body.Message ?? e.Message ?? e.message ?? 'provider error');
    const retryable = statusCode === 0 || statusCode === 408 || statusCode === 429 || statusCode >= 500;
    return new ProviderError(message, statusCode, retryable, strOrNull(body.Type) ?? undefined);
  }
  // The token request answers a bare message on a broken connection.
  return new ProviderError(str(err) || 'provider unreachable', 0, true);
}

// Two flaws of the SDK's HTTP layer, both in the default instance of its own copy of axios, which
// every request (the token's too) goes through:
// - it reads `error.response.data` of every failed request. A request that got no answer at all
//   (connection refused or reset, DNS failure) has no `response`: the SDK's handler then throws,
//   its promise never settles and the throw surfaces as an unhandled rejection, which ends a
//   Node.js process. One interceptor gives such a failure an empty answer with status 0, which the
//   SDK rejects with like any other and `toProviderError` reads as a fault to retry;
// - it keeps the base URL in that instance's defaults, so the last client made would be the one
//   every client talks to. Each call puts its own client's base URL back first.
interface AxiosLike {
  defaults: { baseURL?: string };
  interceptors: { response: { use(onOk: undefined, onFail: (error: unknown) => unknown): number } };
}
let sdkAxios: AxiosLike | undefined;
function sdkHttp(): AxiosLike {
  if (sdkAxios) return sdkAxios;
  const fromSdk = createRequire(createRequire(import.meta.url).resolve('mangopay4-nodejs-sdk'));
  const http = fromSdk('axios') as AxiosLike;
  http.interceptors.response.use(undefined, (error) => {
    if (error && typeof error === 'object' && !('response' in error && error.response)) {
      const message = (error as { message?: unknown }).message;
      Object.assign(error, {
        response: { status: 0, headers: {}, data: { Message: String(message ?? 'no answer') } },
      });
    }
    return Promise.reject(error);
  });
  sdkAxios = http;
  return http;
}

export class MangopayProvider implements PaymentProvider {
  readonly mode = 'mangopay' as const;
  private readonly api: Sdk;
  private readonly retry: RetryPolicy;
  private readonly country: string;
  private readonly options: MangopayOptions;

  constructor(options: MangopayOptions) {
    sdkHttp();
    this.options = options;
    this.api = new MangoPay({
      clientId: options.clientId,
      clientApiKey: options.apiKey,
      baseUrl: options.baseUrl,
      // Our own timeout (retry.ts) decides; the SDK's is only a backstop.
      connectionTimeout: (options.retry?.timeoutMs ?? DEFAULT_RETRY.timeoutMs) + 1000,
      responseTimeout: (options.retry?.timeoutMs ?? DEFAULT_RETRY.timeoutMs) + 1000,
      // The SDK prints every failure to the console by default; ours are logged by the caller.
      errorHandler: () => {},
    });
    // The SDK keeps its headers (the bearer token among them) on an object its prototype shares:
    // this instance gets its own, so a second client in the process never sends our token.
    this.api.requestOptions = {
      headers: { ...this.api.requestOptions.headers },
      path: { ...this.api.requestOptions.path },
    };
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.country = options.virtualAccountCountry ?? 'IT';
  }

  /** One call, retried on faults; `key` makes a write safe to repeat. */
  private async call(what: string, run: (o: Options) => Promise<unknown>, key?: string): Promise<Json> {
    const answer = await withRetry(
      async () => {
        // A fresh headers object each try: the SDK merges its own (the token) into it.
        const options: Options = {
          resolveWithFullResponse: true,
          ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
        };
        try {
          sdkHttp().defaults.baseURL = this.options.baseUrl;
          return (await run(options)) as Full;
        } catch (err) {
          throw toProviderError(err);
        }
      },
      this.retry,
      (err, attempt) => this.options.onRetry?.(err, attempt, what),
    );
    return ((answer.body ?? answer.data ?? {}) as Json) ?? {};
  }

  /** A read: null when the provider does not know the id. */
  private async read(what: string, run: (o: Options) => Promise<unknown>): Promise<Json | null> {
    try {
      return await this.call(what, run);
    } catch (err) {
      if (err instanceof ProviderError && (err.status === 404 || err.status === 400)) return null;
      throw err;
    }
  }

  async createNaturalUser(input: NaturalUserInput, key: string): Promise<ProviderUser> {
    const body = {
      PersonType: 'NATURAL',
      UserCategory: 'OWNER',
      FirstName: input.firstName,
      LastName: input.lastName,
      Email: input.email,
      TermsAndConditionsAccepted: true,
      Tag: input.tag,
    };
    return toUser(await this.call('user', (o) => this.api.Users.create(body, o), key));
  }

  async getUser(id: string): Promise<ProviderUser | null> {
    const j = await this.read('user', (o) => this.api.Users.get(id, o));
    return j ? toUser(j) : null;
  }

  async startIdentityVerification(
    userId: string,
    returnUrl: string,
    key: string,
  ): Promise<IdentityVerificationSession> {
    const j = await this.call(
      'identity verification',
      (o) => this.api.IdentityVerifications.create(userId, { ReturnUrl: returnUrl }, o),
      key,
    );
    return toIdentityVerification(j);
  }

  async getIdentityVerification(id: string): Promise<IdentityVerificationSession | null> {
    const j = await this.read('identity verification', (o) => this.api.IdentityVerifications.get(id, o));
    return j ? toIdentityVerification(j) : null;
  }

  async createWallet(
    input: { ownerId: string; description: string; tag?: string },
    key: string,
  ): Promise<ProviderWallet> {
    const body = { Owners: [input.ownerId], Currency: 'EUR', Description: input.description, Tag: input.tag };
    return toWallet(await this.call('wallet', (o) => this.api.Wallets.create(body, o), key));
  }

  async listWalletTransactions(
    walletId: string,
    window: { after: Date; before: Date },
  ): Promise<WalletTransaction[]> {
    const all: WalletTransaction[] = [];
    for (let page = 1; page <= TRANSACTION_PAGES; page++) {
      const parameters = {
        Page: page,
        Per_Page: TRANSACTIONS_PER_PAGE,
        // The provider counts in whole seconds: ask for the seconds that overlap the window, and
        // keep what falls inside it below.
        AfterDate: Math.floor(window.after.getTime() / 1000),
        BeforeDate: Math.ceil(window.before.getTime() / 1000),
        Sort: 'CreationDate:ASC',
      };
      const answer = await this.call('wallet transactions', (o) =>
        this.api.Wallets.getTransactions(walletId, { ...o, parameters }),
      );
      const list = Array.isArray(answer) ? (answer as Json[]) : [];
      all.push(...list.map(toWalletTransaction));
      if (list.length < TRANSACTIONS_PER_PAGE)
        return all.filter((t) => t.createdAt >= window.after && t.createdAt < window.before);
    }
    throw new ProviderError(
      `wallet ${walletId} has more transactions than one reconciliation reads`,
      502,
      false,
    );
  }

  async getWallet(id: string): Promise<ProviderWallet | null> {
    const j = await this.read('wallet', (o) => this.api.Wallets.get(id, o));
    return j ? toWallet(j) : null;
  }

  async createVirtualAccount(walletId: string, key: string): Promise<VirtualAccount> {
    const body = { Country: this.country, VirtualAccountPurpose: 'USER_OWNED' };
    const j = await this.call(
      'virtual account',
      (o) => this.api.VirtualAccounts.create(walletId, body, o),
      key,
    );
    return toVirtualAccount(j);
  }

  async getVirtualAccount(walletId: string, id: string): Promise<VirtualAccount | null> {
    const j = await this.read('virtual account', (o) => this.api.VirtualAccounts.get(walletId, id, o));
    return j ? toVirtualAccount(j) : null;
  }

  async getPayIn(id: string): Promise<PayIn | null> {
    const j = await this.read('pay-in', (o) => this.api.PayIns.get(id, o));
    return j ? toPayIn(j) : null;
  }

  async createTransfer(input: TransferInput, key: string): Promise<Transfer> {
    const body = {
      AuthorId: input.authorId,
      DebitedWalletId: input.debitedWalletId,
      CreditedWalletId: input.creditedWalletId,
      DebitedFunds: { Currency: 'EUR', Amount: input.amount },
      Fees: { Currency: 'EUR', Amount: input.fees ?? 0 },
      Tag: input.tag,
    };
    return toTransfer(await this.call('transfer', (o) => this.api.Transfers.create(body, o), key));
  }

  async getTransfer(id: string): Promise<Transfer | null> {
    const j = await this.read('transfer', (o) => this.api.Transfers.get(id, o));
    return j ? toTransfer(j) : null;
  }

  async createBankAccount(userId: string, input: BankAccountInput, key: string): Promise<BankAccount> {
    const body = {
      Type: 'IBAN',
      OwnerName: input.ownerName,
      IBAN: input.iban,
      OwnerAddress: {
        AddressLine1: input.address.line1,
        City: input.address.city,
        PostalCode: input.address.postalCode,
        Country: input.address.country,
      },
    };
    const j = await this.call('bank account', (o) => this.api.Users.createBankAccount(userId, body, o), key);
    return toBankAccount(j);
  }

  async createPayout(input: PayoutInput, key: string): Promise<Payout> {
    const body = {
      PaymentType: 'BANK_WIRE',
      AuthorId: input.authorId,
      DebitedWalletId: input.debitedWalletId,
      BankAccountId: input.bankAccountId,
      DebitedFunds: { Currency: 'EUR', Amount: input.amount },
      Fees: { Currency: 'EUR', Amount: input.fees ?? 0 },
      BankWireRef: input.bankWireRef,
      Tag: input.tag,
    };
    return toPayout(await this.call('payout', (o) => this.api.PayOuts.create(body, o), key));
  }

  async getPayout(id: string): Promise<Payout | null> {
    const j = await this.read('payout', (o) => this.api.PayOuts.get(id, o));
    return j ? toPayout(j) : null;
  }

  async refundPayIn(payInId: string, authorId: string, key: string): Promise<Refund> {
    const j = await this.call(
      'refund',
      (o) => this.api.PayIns.createRefund(payInId, { AuthorId: authorId }, o),
      key,
    );
    return toRefund(j);
  }

  async getRefund(id: string): Promise<Refund | null> {
    const j = await this.read('refund', (o) => this.api.Refunds.get(id, o));
    return j ? toRefund(j) : null;
  }

  async createHook(eventType: HookEventType, url: string, key: string): Promise<Hook> {
    return toHook(
      await this.call('hook', (o) => this.api.Hooks.create({ EventType: eventType, Url: url }, o), key),
    );
  }

  async listHooks(): Promise<Hook[]> {
    const answer = await withRetry(async () => {
      try {
        return (await this.api.Hooks.getAll({
          resolveWithFullResponse: true,
          parameters: { per_page: 100 },
        })) as Full;
      } catch (err) {
        throw toProviderError(err);
      }
    }, this.retry);
    const list = (answer.body ?? answer.data) as unknown;
    return Array.isArray(list) ? (list as Json[]).map(toHook) : [];
  }
}
