import { isValidIban } from '@indiesplit/shared/funds';
import { type ApiHost, HttpFail } from './api.ts';
import { escapeIban, type Json, nextId, now, type SandboxState } from './state.ts';

// The sandbox's Recipients (ADR 0039): the bank accounts a user may be paid out to, as Mangopay
// registers them since Bank Accounts stopped being payable (30 April 2026). A recipient the user
// registers themself (ScaContext USER_PRESENT) is PENDING until they confirm it with strong customer
// authentication on the sandbox's page (/sandbox/sca/<id>); one the platform registers under its
// standing consent (USER_NOT_PRESENT) is ACTIVE at once. Only an ACTIVE recipient is paid to, and
// only from its own user's payouts; a pay-in is sent back by such a payout naming it (PaymentRef).

const bad = (message: string, field?: string) =>
  new HttpFail(400, 'param_error', message, field ? { [field]: message } : undefined);

const text = (v: unknown, field: string, max = 255): string => {
  if (typeof v !== 'string' || v.trim() === '') throw bad(`${field} is required`, field);
  if (v.length > max) throw bad(`${field} is longer than ${max} characters`, field);
  return v.trim();
};

function address(v: unknown, field: string): Json {
  if (!v || typeof v !== 'object') throw bad(`${field} is required`, field);
  const a = v as Json;
  const country = text(a.Country, `${field}.Country`, 2);
  if (!/^[A-Z]{2}$/.test(country)) throw bad(`${field}.Country is not a country code`, `${field}.Country`);
  return {
    AddressLine1: text(a.AddressLine1, `${field}.AddressLine1`),
    AddressLine2: typeof a.AddressLine2 === 'string' ? a.AddressLine2 : null,
    City: text(a.City, `${field}.City`),
    Region: typeof a.Region === 'string' ? a.Region : null,
    PostalCode: text(a.PostalCode, `${field}.PostalCode`, 20),
    Country: country,
  };
}

/** POST /users/:id/recipients: a EUR account paid to by local bank transfer (the only kind we use). */
export function createRecipient(host: ApiHost, user: Json, body: Json): Json {
  const s = host.state;
  // Mangopay lets only a user who receives money (OWNER; the platform's own user) have recipients.
  if (user.UserCategory === 'PAYER')
    throw bad('A PAYER user cannot register a recipient: the user must be an OWNER', 'UserId');
  const displayName = text(body.DisplayName, 'DisplayName');
  if (body.PayoutMethodType !== 'LocalBankTransfer')
    throw bad('PayoutMethodType must be LocalBankTransfer here', 'PayoutMethodType');
  if (body.Currency !== 'EUR') throw bad('Currency must be EUR here', 'Currency');
  const scope = body.RecipientScope ?? 'PAYOUT';
  if (scope !== 'PAYOUT') throw bad('RecipientScope must be PAYOUT here', 'RecipientScope');
  const scaContext = body.ScaContext ?? 'USER_PRESENT';
  if (scaContext !== 'USER_PRESENT' && scaContext !== 'USER_NOT_PRESENT')
    throw bad('ScaContext must be USER_PRESENT or USER_NOT_PRESENT', 'ScaContext');
  const local = ((body.LocalBankTransfer as Json | undefined)?.EUR ?? null) as Json | null;
  const iban = escapeIban(typeof local?.IBAN === 'string' ? local.IBAN : '');
  if (!isValidIban(iban)) throw bad('LocalBankTransfer.EUR.IBAN is not a valid IBAN', 'IBAN');
  if (body.Country !== iban.slice(0, 2))
    throw bad("Country must be the country of the account's IBAN", 'Country');
  let holder: Json;
  if (body.RecipientType === 'Individual') {
    const person = (body.IndividualRecipient ?? {}) as Json;
    holder = {
      IndividualRecipient: {
        FirstName: text(person.FirstName, 'IndividualRecipient.FirstName', 100),
        LastName: text(person.LastName, 'IndividualRecipient.LastName', 100),
        Address: address(person.Address, 'IndividualRecipient.Address'),
      },
      BusinessRecipient: null,
    };
  } else if (body.RecipientType === 'Business') {
    const business = (body.BusinessRecipient ?? {}) as Json;
    holder = {
      IndividualRecipient: null,
      BusinessRecipient: {
        BusinessName: text(business.BusinessName, 'BusinessRecipient.BusinessName', 140),
        Address: address(business.Address, 'BusinessRecipient.Address'),
      },
    };
  } else {
    throw bad('RecipientType must be Individual or Business', 'RecipientType');
  }
  const id = nextId(s, 'rec_');
  const present = scaContext === 'USER_PRESENT';
  const recipient: Json = {
    ScaContext: scaContext,
    Id: id,
    Status: present ? 'PENDING' : 'ACTIVE',
    DisplayName: displayName,
    PayoutMethodType: 'LocalBankTransfer',
    RecipientType: body.RecipientType,
    Currency: 'EUR',
    Country: body.Country,
    RecipientScope: scope,
    UserId: user.Id,
    ...holder,
    LocalBankTransfer: { EUR: { IBAN: iban } },
    InternationalBankTransfer: null,
    PendingUserAction: present ? { RedirectUrl: `${host.baseUrl}/sandbox/sca/${id}` } : null,
    Tag: typeof body.Tag === 'string' ? body.Tag : null,
    CreationDate: now(),
  };
  s.recipients.set(id, recipient);
  if (!present) host.emit('RECIPIENT_ACTIVE', id);
  return recipient;
}

export const recipientIban = (recipient: Json): string =>
  String(((recipient.LocalBankTransfer as Json | undefined)?.EUR as Json | undefined)?.IBAN ?? '');

export function holderName(recipient: Json): string {
  const person = recipient.IndividualRecipient as Json | null;
  if (person) return `${String(person.FirstName)} ${String(person.LastName)}`;
  return String((recipient.BusinessRecipient as Json | null)?.BusinessName ?? '');
}

/** The ACTIVE recipient of the author a payout goes to, or a refusal that says why not. */
export function payoutRecipient(s: SandboxState, body: Json): Json {
  if (typeof body.RecipientId !== 'string' || body.RecipientId === '')
    throw bad('RecipientId is required', 'RecipientId');
  const recipient = s.recipients.get(body.RecipientId);
  if (!recipient) throw new HttpFail(404, 'ressource_not_found', 'Cannot found the ressource Recipient');
  if (recipient.UserId !== body.AuthorId)
    throw bad('The author is not the owner of the recipient', 'RecipientId');
  if (recipient.Status !== 'ACTIVE')
    throw bad(
      `The recipient is ${String(recipient.Status)}: only an ACTIVE recipient can be paid out to`,
      'RecipientId',
    );
  return recipient;
}

/** Cents of the pay-in not yet sent back: its amount less the payouts returning it that did not fail. */
export function payinLeftToReturn(s: SandboxState, payin: Json): number {
  let returned = 0;
  for (const p of s.payouts.values()) {
    const ref = p.PaymentRef as Json | null;
    if (ref?.ReferenceId === payin.Id && p.Status !== 'FAILED')
      returned += Number((p.DebitedFunds as Json).Amount);
  }
  return Number((payin.CreditedFunds as Json).Amount) - returned;
}

/**
 * A payout's PaymentRef, checked: a PAYIN_REFUND names a succeeded pay-in into the debited wallet
 * and sends back at most what is left of it. Null when the payout has none.
 */
export function payoutPaymentRef(s: SandboxState, body: Json, walletId: string, amount: number): Json | null {
  if (body.PaymentRef == null) return null;
  const ref = body.PaymentRef as Json;
  if (typeof ref !== 'object' || ref.ReasonType !== 'PAYIN_REFUND')
    throw bad('PaymentRef.ReasonType must be PAYIN_REFUND', 'PaymentRef.ReasonType');
  const payin = typeof ref.ReferenceId === 'string' ? s.payins.get(ref.ReferenceId) : undefined;
  if (!payin) throw bad('PaymentRef.ReferenceId is not a pay-in of this client', 'PaymentRef.ReferenceId');
  if (payin.Status !== 'SUCCEEDED')
    throw bad('The pay-in to refund has not succeeded', 'PaymentRef.ReferenceId');
  if (payin.CreditedWalletId !== walletId)
    throw bad('The pay-in to refund did not credit the debited wallet', 'PaymentRef.ReferenceId');
  const left = payinLeftToReturn(s, payin);
  if (amount > left)
    throw bad(`DebitedFunds exceeds what is left of the pay-in to refund (${left} cents)`, 'DebitedFunds');
  return { ReasonType: 'PAYIN_REFUND', ReferenceId: payin.Id };
}

/** What live Mangopay answers a payout to a Bank Account made after 30 April 2026: a failed payout. */
export const NON_SCA_BANK_ACCOUNT = {
  ResultCode: '121018',
  ResultMessage:
    'This payout uses a non-SCA compliant bank account. Please create via the recipient endpoint and try again.',
};
