import { createRequire } from 'node:module';
import MangoPay from 'mangopay4-nodejs-sdk';
import {
  type Full,
  type Json,
  toHook,
  toIdentityVerification,
  toKycDocument,
  toLegalUser,
  toPayIn,
  toPayout,
  toProviderError,
  toRecipient,
  toTransfer,
  toUbo,
  toUboDeclaration,
  toUser,
  toVirtualAccount,
  toWallet,
  toWalletTransaction,
} from './mangopay-answers.ts';
import {
  type Hook,
  type HookEventType,
  type IdentityVerificationSession,
  type KycDocument,
  type LegalUserInput,
  type NaturalUserInput,
  type PayIn,
  type PaymentProvider,
  type Payout,
  type PayoutInput,
  type PostalAddress,
  ProviderError,
  type ProviderLegalUser,
  type ProviderUser,
  type ProviderWallet,
  type Recipient,
  type RecipientInput,
  type Transfer,
  type TransferInput,
  type Ubo,
  type UboDeclaration,
  type UboInput,
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

type Options = { headers?: Record<string, string>; resolveWithFullResponse: true };
// biome-ignore lint/suspicious/noExplicitAny: the SDK's overloaded typings do not name the full-answer form for every service.
type Sdk = any;

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

/** A birth date (YYYY-MM-DD) as the provider takes it: Unix seconds of its midnight, UTC. */
export const unixBirthday = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);

const address = (a: PostalAddress) => ({
  AddressLine1: a.line1,
  City: a.city,
  PostalCode: a.postalCode,
  Country: a.country,
});

/** The most transactions one page holds (the provider's limit). */
const TRANSACTIONS_PER_PAGE = 100;
/** Pages read at most for one wallet and window: a wallet busier than this is refused, not cut short. */
const TRANSACTION_PAGES = 100;

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

  async getFeesWallet(): Promise<ProviderWallet | null> {
    const j = await this.read('fees wallet', (o) => this.api.Clients.getClientWallet('FEES', 'EUR', o));
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

  async createRecipient(userId: string, input: RecipientInput, key: string): Promise<Recipient> {
    const iban = input.iban.replace(/\s+/g, '').toUpperCase();
    const holder = input.holder;
    const name = holder.type === 'Individual' ? `${holder.firstName} ${holder.lastName}` : holder.name;
    const body = {
      // What the user sees of it in Mangopay's own pages (the SCA page among them).
      DisplayName: `${name} EUR`,
      // A EUR account in the SEPA area, paid by local (SEPA) transfer; the account's country is
      // its IBAN's.
      PayoutMethodType: 'LocalBankTransfer',
      RecipientType: holder.type,
      Currency: 'EUR',
      Country: iban.slice(0, 2),
      RecipientScope: 'PAYOUT',
      ...(holder.type === 'Individual'
        ? {
            IndividualRecipient: {
              FirstName: holder.firstName,
              LastName: holder.lastName,
              Address: address(input.address),
            },
          }
        : { BusinessRecipient: { BusinessName: holder.name, Address: address(input.address) } }),
      LocalBankTransfer: { EUR: { IBAN: iban } },
      ScaContext: input.scaContext,
      Tag: input.tag,
    };
    const j = await this.call('recipient', (o) => this.api.Recipients.create(body, userId, o), key);
    return toRecipient(j);
  }

  async getRecipient(id: string): Promise<Recipient | null> {
    const j = await this.read('recipient', (o) => this.api.Recipients.get(id, o));
    return j ? toRecipient(j) : null;
  }

  async createPayout(input: PayoutInput, key: string): Promise<Payout> {
    const body = {
      PaymentType: 'BANK_WIRE',
      AuthorId: input.authorId,
      DebitedWalletId: input.debitedWalletId,
      RecipientId: input.recipientId,
      DebitedFunds: { Currency: 'EUR', Amount: input.amount },
      Fees: { Currency: 'EUR', Amount: input.fees ?? 0 },
      BankWireRef: input.bankWireRef,
      ...(input.paymentRef
        ? {
            PaymentRef: {
              ReasonType: input.paymentRef.reasonType,
              ReferenceId: input.paymentRef.referenceId,
            },
          }
        : {}),
      Tag: input.tag,
    };
    // A plain object, not the SDK's PayOut model: the SDK sends a plain body as it is, while its
    // model knows neither RecipientId nor PaymentRef (mangopay.test.ts checks both arrive).
    return toPayout(await this.call('payout', (o) => this.api.PayOuts.create(body, o), key));
  }

  async getPayout(id: string): Promise<Payout | null> {
    const j = await this.read('payout', (o) => this.api.PayOuts.get(id, o));
    return j ? toPayout(j) : null;
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

  // ---- studios: legal user, registration proof, beneficial owners (ADR 0036) -----------------

  async createLegalUser(input: LegalUserInput, key: string): Promise<ProviderLegalUser> {
    const r = input.representative;
    const body = {
      PersonType: 'LEGAL',
      LegalPersonType: 'BUSINESS',
      UserCategory: 'OWNER',
      Name: input.name,
      CompanyNumber: input.companyNumber,
      Email: input.email,
      HeadquartersAddress: address(input.headquarters),
      LegalRepresentativeFirstName: r.firstName,
      LegalRepresentativeLastName: r.lastName,
      LegalRepresentativeBirthday: unixBirthday(r.birthDate),
      LegalRepresentativeNationality: r.nationality,
      LegalRepresentativeCountryOfResidence: r.countryOfResidence,
      LegalRepresentativeEmail: r.email,
      TermsAndConditionsAccepted: true,
      Tag: input.tag,
    };
    return toLegalUser(await this.call('legal user', (o) => this.api.Users.create(body, o), key));
  }

  async createKycDocument(
    userId: string,
    input: { type: 'REGISTRATION_PROOF'; tag: string },
    key: string,
  ): Promise<KycDocument> {
    const body = { Type: input.type, Tag: input.tag };
    const j = await this.call('KYC document', (o) => this.api.Users.createKycDocument(userId, body, o), key);
    return toKycDocument(j);
  }

  async addKycPage(userId: string, documentId: string, file: Buffer, key: string): Promise<void> {
    const body = { File: file.toString('base64') };
    await this.call('KYC page', (o) => this.api.Users.createKycPage(userId, documentId, body, o), key);
  }

  async submitKycDocument(userId: string, documentId: string): Promise<KycDocument> {
    const body = { Id: documentId, Status: 'VALIDATION_ASKED' };
    return toKycDocument(
      await this.call('KYC document submission', (o) => this.api.Users.updateKycDocument(userId, body, o)),
    );
  }

  async getKycDocument(id: string): Promise<KycDocument | null> {
    const j = await this.read('KYC document', (o) => this.api.KycDocuments.get(id, o));
    return j ? toKycDocument(j) : null;
  }

  async createUboDeclaration(userId: string, key: string): Promise<UboDeclaration> {
    const j = await this.call('UBO declaration', (o) => this.api.UboDeclarations.create(userId, o), key);
    return toUboDeclaration(j);
  }

  async createUbo(userId: string, declarationId: string, ubo: UboInput, key: string): Promise<Ubo> {
    const body = {
      FirstName: ubo.firstName,
      LastName: ubo.lastName,
      Address: address(ubo.address),
      Nationality: ubo.nationality,
      Birthday: unixBirthday(ubo.birthDate),
      Birthplace: { City: ubo.birthplace.city, Country: ubo.birthplace.country },
    };
    const j = await this.call(
      'UBO',
      (o) => this.api.UboDeclarations.createUbo(userId, declarationId, body, o),
      key,
    );
    return toUbo(j);
  }

  async submitUboDeclaration(userId: string, declarationId: string): Promise<UboDeclaration> {
    // Only the Status is sent (the SDK's complaint about missing Ubos goes to our silent handler).
    const body = { Id: declarationId, Status: 'VALIDATION_ASKED' };
    return toUboDeclaration(
      await this.call('UBO declaration submission', (o) => this.api.UboDeclarations.update(userId, body, o)),
    );
  }

  async getUboDeclaration(id: string): Promise<UboDeclaration | null> {
    const j = await this.read('UBO declaration', (o) => this.api.UboDeclarations.getById(id, o));
    return j ? toUboDeclaration(j) : null;
  }
}
