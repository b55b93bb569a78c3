import {
  type Hook,
  type IdentityVerificationSession,
  type IdentityVerificationStatus,
  type KycDocument,
  type KycDocumentStatus,
  type PayIn,
  type Payout,
  type PayoutPaymentRef,
  ProviderError,
  type ProviderLegalUser,
  type ProviderMoney,
  type ProviderStatus,
  type ProviderUser,
  type ProviderWallet,
  type Recipient,
  type RecipientStatus,
  type Transfer,
  type Ubo,
  type UboDeclaration,
  type UboDeclarationStatus,
  type VirtualAccount,
  type WalletTransaction,
} from './provider.ts';

// Reading Mangopay's answers (ADR 0039): the SDK hands back plain JSON with the provider's field
// names, and these turn what we read of it into the provider interface's types, and its failures
// into ProviderError (a refusal, or a fault worth trying again). mangopay.ts makes the calls.

// The SDK's answers are plain JSON with the provider's field names; only what we read is typed.
export type Json = Record<string, unknown>;
export type Full = { status?: number; body?: unknown; data?: unknown };

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

export function toUser(j: Json): ProviderUser {
  return {
    id: str(j.Id),
    firstName: str(j.FirstName),
    lastName: str(j.LastName),
    email: str(j.Email),
    tag: strOrNull(j.Tag),
  };
}

export function toWallet(j: Json): ProviderWallet {
  const owners = Array.isArray(j.Owners) ? (j.Owners as unknown[]) : [];
  return {
    id: str(j.Id),
    ownerId: str(owners[0]),
    description: str(j.Description),
    balance: money(j.Balance),
    tag: strOrNull(j.Tag),
  };
}

export function toVirtualAccount(j: Json): VirtualAccount {
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

export function toPayIn(j: Json): PayIn {
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

export function toTransfer(j: Json): Transfer {
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

export function toWalletTransaction(j: Json): WalletTransaction {
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

function paymentRef(v: unknown): PayoutPaymentRef | null {
  const ref = (v ?? {}) as Json;
  if (ref.ReasonType !== 'PAYIN_REFUND' || typeof ref.ReferenceId !== 'string') return null;
  return { reasonType: 'PAYIN_REFUND', referenceId: ref.ReferenceId };
}

export function toPayout(j: Json): Payout {
  return {
    id: str(j.Id),
    status: status(j.Status),
    authorId: str(j.AuthorId),
    debitedWalletId: str(j.DebitedWalletId),
    // A payout to a legacy bank account (migrated to a Recipient by the provider) names it there.
    recipientId: str(j.RecipientId ?? j.BankAccountId),
    amount: money(j.DebitedFunds),
    resultMessage: strOrNull(j.ResultMessage),
    tag: strOrNull(j.Tag),
    paymentRef: paymentRef(j.PaymentRef),
  };
}

const RECIPIENT_STATUSES: RecipientStatus[] = ['PENDING', 'ACTIVE', 'CANCELED', 'DEACTIVATED'];

export function toRecipient(j: Json): Recipient {
  const s = str(j.Status) as RecipientStatus;
  if (!RECIPIENT_STATUSES.includes(s))
    throw new ProviderError(`provider sent recipient status ${s}`, 502, false);
  const local = (((j.LocalBankTransfer as Json | null)?.EUR ?? {}) as Json) ?? {};
  const person = j.IndividualRecipient as Json | null | undefined;
  const business = j.BusinessRecipient as Json | null | undefined;
  const action = j.PendingUserAction as Json | null | undefined;
  return {
    id: str(j.Id),
    userId: str(j.UserId),
    status: s,
    iban: str(local.IBAN).replace(/\s+/g, ''),
    holderName: person
      ? [str(person.FirstName), str(person.LastName)].filter(Boolean).join(' ')
      : str(business?.BusinessName),
    scaUrl: s === 'PENDING' ? strOrNull(action?.RedirectUrl) : null,
    tag: strOrNull(j.Tag),
  };
}

export function toHook(j: Json): Hook {
  return {
    id: str(j.Id),
    eventType: str(j.EventType),
    url: str(j.Url),
    status: j.Status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
  };
}

export function toLegalUser(j: Json): ProviderLegalUser {
  return {
    id: str(j.Id),
    name: str(j.Name),
    email: str(j.Email),
    kycLevel: str(j.KYCLevel) || 'LIGHT',
    tag: strOrNull(j.Tag),
  };
}

const KYC_STATUSES: KycDocumentStatus[] = [
  'CREATED',
  'VALIDATION_ASKED',
  'VALIDATED',
  'REFUSED',
  'OUT_OF_DATE',
];

export function toKycDocument(j: Json): KycDocument {
  const s = str(j.Status) as KycDocumentStatus;
  if (!KYC_STATUSES.includes(s)) throw new ProviderError(`provider sent KYC status ${s}`, 502, false);
  return {
    id: str(j.Id),
    userId: str(j.UserId),
    type: str(j.Type),
    status: s,
    refusedReasonType: strOrNull(j.RefusedReasonType),
    refusedReasonMessage: strOrNull(j.RefusedReasonMessage),
    tag: strOrNull(j.Tag),
  };
}

const UBO_STATUSES: UboDeclarationStatus[] = [
  'CREATED',
  'VALIDATION_ASKED',
  'INCOMPLETE',
  'VALIDATED',
  'REFUSED',
];

export function toUboDeclaration(j: Json): UboDeclaration {
  const s = str(j.Status) as UboDeclarationStatus;
  if (!UBO_STATUSES.includes(s))
    throw new ProviderError(`provider sent UBO declaration status ${s}`, 502, false);
  return {
    id: str(j.Id),
    userId: str(j.UserId),
    status: s,
    reason: strOrNull(j.Reason),
    message: strOrNull(j.Message),
    uboCount: Array.isArray(j.Ubos) ? j.Ubos.length : 0,
  };
}

export function toUbo(j: Json): Ubo {
  return { id: str(j.Id), firstName: str(j.FirstName), lastName: str(j.LastName) };
}

/** The SDK rejects with the HTTP answer, a `{Message, Code: 408}` on its own timeout, or a string. */
export function toProviderError(err: unknown): ProviderError {
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
