// The payment provider as the platform sees it (ADR 0039). Client money is held by a licensed
// payment service provider (ECSP Art 10); the ledger stays the record of who owns what, and the
// provider's balances must equal the ledger's for every mapped account.
//
// Amounts are integer cents. Every write takes an idempotency key: the same key twice makes one
// resource at the provider, so a retried call (after a timeout or a 5xx) never moves money twice.
// Reads answer null when the provider does not know the id, which is how a forged webhook is told
// from a real one: the resource it names does not exist, so nothing moves.

export type ProviderCurrency = 'EUR';

export interface ProviderMoney {
  currency: ProviderCurrency;
  /** Integer cents. */
  amount: number;
}

/** A resource's state at the provider, in the provider's own words reduced to three. */
export type ProviderStatus = 'CREATED' | 'SUCCEEDED' | 'FAILED';

export interface NaturalUserInput {
  firstName: string;
  lastName: string;
  email: string;
  /** Our member id, kept at the provider so its dashboard leads back to us. */
  tag: string;
}

export interface ProviderUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  tag: string | null;
}

/** Hosted identity verification: the member is sent to `hostedUrl` and comes back to our return URL. */
export type IdentityVerificationStatus =
  | 'PENDING'
  | 'VALIDATED'
  | 'REFUSED'
  | 'REVIEW'
  | 'OUT_OF_DATE'
  | 'TIMEOUT'
  | 'ERROR';

export interface IdentityVerificationSession {
  id: string;
  userId: string;
  status: IdentityVerificationStatus;
  hostedUrl: string;
  /** Why a session was refused, in the provider's words (shown to the member). */
  reason: string | null;
}

export interface ProviderWallet {
  id: string;
  ownerId: string;
  description: string;
  balance: ProviderMoney;
  tag: string | null;
}

export interface VirtualAccount {
  id: string;
  walletId: string;
  ownerId: string;
  iban: string;
  bic: string;
  /** The account holder's name the bank shows the payer. */
  holderName: string;
  active: boolean;
}

/** Money received by bank transfer on a virtual account (a BANK_WIRE pay-in). */
export interface PayIn {
  id: string;
  status: ProviderStatus;
  creditedWalletId: string;
  creditedUserId: string;
  amount: ProviderMoney;
  fees: ProviderMoney;
  /** The name of the account the money came from, as the payer's bank gave it. */
  payerName: string | null;
  payerIban: string | null;
  wireReference: string | null;
  resultMessage: string | null;
  executedAt: Date | null;
}

export interface Transfer {
  id: string;
  status: ProviderStatus;
  authorId: string;
  debitedWalletId: string;
  creditedWalletId: string;
  amount: ProviderMoney;
  fees: ProviderMoney;
  resultMessage: string | null;
}

export interface TransferInput {
  authorId: string;
  debitedWalletId: string;
  creditedWalletId: string;
  amount: number;
  fees?: number;
  tag?: string;
}

export type RecipientStatus = 'PENDING' | 'ACTIVE' | 'CANCELED' | 'DEACTIVATED';

/**
 * A bank account money may be paid out to, registered at the provider for one of its users (the
 * provider's Recipient; its legacy Bank Accounts are not paid to when made after 30 April 2026).
 */
export interface RecipientInput {
  /** A person's account (their first and last name) or a business's (its name). */
  holder: { type: 'Individual'; firstName: string; lastName: string } | { type: 'Business'; name: string };
  iban: string;
  /** The holder's address. */
  address: PostalAddress;
  /**
   * USER_PRESENT: the user confirms the account with strong customer authentication on the
   * provider's page (`scaUrl`) before it can be paid to. USER_NOT_PRESENT: the platform registers
   * it for the user under its standing consent (a payer's account a pay-in is sent back to).
   */
  scaContext: 'USER_PRESENT' | 'USER_NOT_PRESENT';
  /** Our id for what it is for (a member, a studio, a pay-in). */
  tag?: string;
}

export interface Recipient {
  id: string;
  userId: string;
  /** PENDING until the user confirmed it; CANCELED when they did not (a new one is needed). */
  status: RecipientStatus;
  iban: string;
  holderName: string;
  /** Where the user confirms it while PENDING (the caller adds `returnUrl`), else null. */
  scaUrl: string | null;
  tag: string | null;
}

/** Why a payout is made, when it sends a pay-in back (the provider has no refund for wired pay-ins). */
export interface PayoutPaymentRef {
  reasonType: 'PAYIN_REFUND';
  /** The pay-in sent back. */
  referenceId: string;
}

export interface PayoutInput {
  authorId: string;
  debitedWalletId: string;
  /** An ACTIVE recipient of the author. */
  recipientId: string;
  amount: number;
  fees?: number;
  /** What the member's bank statement shows (at most 12 characters at Mangopay). */
  bankWireRef?: string;
  /** Set on a payout that sends a pay-in back to its payer. */
  paymentRef?: PayoutPaymentRef;
  tag?: string;
}

export interface Payout {
  id: string;
  status: ProviderStatus;
  authorId: string;
  debitedWalletId: string;
  recipientId: string;
  amount: ProviderMoney;
  resultMessage: string | null;
  /** What we tagged it with when asking for it (our withdrawal's id …). */
  tag: string | null;
  paymentRef: PayoutPaymentRef | null;
}

/** One movement of a wallet, as the provider lists it (reconciliation reads a day of them). */
export interface WalletTransaction {
  id: string;
  type: 'PAYIN' | 'TRANSFER' | 'PAYOUT';
  /** REGULAR, or REFUND for money the provider sent back (a payout returned by the bank). */
  nature: string;
  status: ProviderStatus;
  debitedWalletId: string | null;
  creditedWalletId: string | null;
  /** What left the debited wallet (or arrived, for a pay-in), before fees. */
  amount: ProviderMoney;
  createdAt: Date;
  tag: string | null;
}

// ---- studios (legal users) and their verification (KYB; ADR 0036) ----------------------------

export interface PostalAddress {
  line1: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** A studio as the provider's legal user (a business, category OWNER: it receives money). */
export interface LegalUserInput {
  name: string;
  companyNumber: string;
  email: string;
  headquarters: PostalAddress;
  representative: {
    firstName: string;
    lastName: string;
    /** YYYY-MM-DD. */
    birthDate: string;
    nationality: string;
    countryOfResidence: string;
    email: string;
  };
  /** Our studio's account id. */
  tag: string;
}

export interface ProviderLegalUser {
  id: string;
  name: string;
  email: string;
  /** LIGHT until the provider has verified the user, then REGULAR. */
  kycLevel: string;
  tag: string | null;
}

export type KycDocumentStatus = 'CREATED' | 'VALIDATION_ASKED' | 'VALIDATED' | 'REFUSED' | 'OUT_OF_DATE';

/** A document the provider verifies (ours: the studio's REGISTRATION_PROOF). */
export interface KycDocument {
  id: string;
  userId: string;
  type: string;
  status: KycDocumentStatus;
  /** Why it was refused (e.g. DOCUMENT_UNREADABLE), and the provider's words. */
  refusedReasonType: string | null;
  refusedReasonMessage: string | null;
  tag: string | null;
}

export type UboDeclarationStatus = 'CREATED' | 'VALIDATION_ASKED' | 'INCOMPLETE' | 'VALIDATED' | 'REFUSED';

/** The declaration of a legal user's beneficial owners. */
export interface UboDeclaration {
  id: string;
  userId: string;
  status: UboDeclarationStatus;
  /** Why it was refused or found incomplete (e.g. MISSING_UBO), and the provider's words. */
  reason: string | null;
  message: string | null;
  uboCount: number;
}

export interface UboInput {
  firstName: string;
  lastName: string;
  address: PostalAddress;
  nationality: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  birthplace: { city: string; country: string };
}

export interface Ubo {
  id: string;
  firstName: string;
  lastName: string;
}

/** The event types we subscribe to (the provider's names). */
export const HOOK_EVENT_TYPES = [
  'PAYIN_NORMAL_SUCCEEDED',
  'PAYIN_NORMAL_FAILED',
  'TRANSFER_NORMAL_SUCCEEDED',
  'TRANSFER_NORMAL_FAILED',
  'PAYOUT_NORMAL_SUCCEEDED',
  'PAYOUT_NORMAL_FAILED',
  'IDENTITY_VERIFICATION_VALIDATED',
  'IDENTITY_VERIFICATION_FAILED',
  'IDENTITY_VERIFICATION_INCONCLUSIVE',
  'IDENTITY_VERIFICATION_OUTDATED',
  'KYC_SUCCEEDED',
  'KYC_FAILED',
  'KYC_OUTDATED',
  'UBO_DECLARATION_VALIDATED',
  'UBO_DECLARATION_REFUSED',
  'UBO_DECLARATION_INCOMPLETE',
  'RECIPIENT_ACTIVE',
  'RECIPIENT_CANCELED',
  'RECIPIENT_DEACTIVATED',
] as const;
export type HookEventType = (typeof HOOK_EVENT_TYPES)[number];

/** What a webhook call says: only a hint of which resource changed. Never trusted on its own. */
export interface HookNotice {
  eventType: string;
  resourceId: string;
  /** Unix seconds, as the provider sends it. */
  date: number;
}

export interface Hook {
  id: string;
  eventType: string;
  url: string;
  status: 'ENABLED' | 'DISABLED';
}

/** An error from the provider: `retryable` when a second try with the same key may succeed. */
export class ProviderError extends Error {
  readonly status: number;
  readonly retryable: boolean;
  readonly providerCode: string | undefined;
  constructor(message: string, status: number, retryable: boolean, providerCode?: string) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
    this.retryable = retryable;
    this.providerCode = providerCode;
  }
}

export interface PaymentProvider {
  readonly mode: 'sandbox' | 'mangopay';

  createNaturalUser(input: NaturalUserInput, idempotencyKey: string): Promise<ProviderUser>;
  getUser(id: string): Promise<ProviderUser | null>;

  startIdentityVerification(
    userId: string,
    returnUrl: string,
    idempotencyKey: string,
  ): Promise<IdentityVerificationSession>;
  getIdentityVerification(id: string): Promise<IdentityVerificationSession | null>;

  createWallet(
    input: { ownerId: string; description: string; tag?: string },
    idempotencyKey: string,
  ): Promise<ProviderWallet>;
  /** The wallet with its balance (reconciliation reads it). */
  getWallet(id: string): Promise<ProviderWallet | null>;
  /**
   * The client's fees wallet in EUR, which the provider credits with every transaction's fees: the
   * platform's account at the provider (reconciliation reads its balance).
   */
  getFeesWallet(): Promise<ProviderWallet | null>;

  /** The wallet's transactions created in [after, before), oldest first (every page of them). */
  listWalletTransactions(
    walletId: string,
    window: { after: Date; before: Date },
  ): Promise<WalletTransaction[]>;

  createVirtualAccount(walletId: string, idempotencyKey: string): Promise<VirtualAccount>;
  getVirtualAccount(walletId: string, id: string): Promise<VirtualAccount | null>;

  getPayIn(id: string): Promise<PayIn | null>;

  createTransfer(input: TransferInput, idempotencyKey: string): Promise<Transfer>;
  getTransfer(id: string): Promise<Transfer | null>;

  /** Registers a bank account of the user's to pay out to (PENDING until confirmed, see RecipientInput). */
  createRecipient(userId: string, input: RecipientInput, idempotencyKey: string): Promise<Recipient>;
  getRecipient(id: string): Promise<Recipient | null>;
  /**
   * Pays from a wallet to an ACTIVE recipient. A pay-in is sent back this way too, with
   * `paymentRef` naming it (CREATED at first; its PAYOUT_NORMAL_* event says how it ended).
   */
  createPayout(input: PayoutInput, idempotencyKey: string): Promise<Payout>;
  getPayout(id: string): Promise<Payout | null>;

  createHook(eventType: HookEventType, url: string, idempotencyKey: string): Promise<Hook>;
  listHooks(): Promise<Hook[]>;

  // Studios (ADR 0036): a legal user, its registration proof and its beneficial owners.
  createLegalUser(input: LegalUserInput, idempotencyKey: string): Promise<ProviderLegalUser>;
  createKycDocument(
    userId: string,
    input: { type: 'REGISTRATION_PROOF'; tag: string },
    idempotencyKey: string,
  ): Promise<KycDocument>;
  /** Adds the file (PDF, PNG or JPEG) as a page of a document still CREATED. */
  addKycPage(userId: string, documentId: string, file: Buffer, idempotencyKey: string): Promise<void>;
  /**
   * Asks for the document's validation (its status becomes VALIDATION_ASKED). An update, not a
   * creation: the provider takes no Idempotency-Key for it; the caller reads the status first.
   */
  submitKycDocument(userId: string, documentId: string): Promise<KycDocument>;
  getKycDocument(id: string): Promise<KycDocument | null>;
  createUboDeclaration(userId: string, idempotencyKey: string): Promise<UboDeclaration>;
  createUbo(userId: string, declarationId: string, ubo: UboInput, idempotencyKey: string): Promise<Ubo>;
  /** Asks for the declaration's validation (VALIDATION_ASKED); as submitKycDocument, keyless. */
  submitUboDeclaration(userId: string, declarationId: string): Promise<UboDeclaration>;
  getUboDeclaration(id: string): Promise<UboDeclaration | null>;
}

/**
 * Reads a webhook's query string (GET ?EventType=…&RessourceId=…&Date=…, the provider's spelling).
 * Bounded and strict: anything else is null and moves nothing.
 */
export function parseHookNotice(query: Record<string, unknown>): HookNotice | null {
  const eventType = query.EventType;
  const resourceId = query.RessourceId;
  const date = query.Date;
  if (typeof eventType !== 'string' || !/^[A-Z_]{3,64}$/.test(eventType)) return null;
  if (typeof resourceId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(resourceId)) return null;
  if (typeof date !== 'string' || !/^\d{1,12}$/.test(date)) return null;
  return { eventType, resourceId, date: Number(date) };
}
