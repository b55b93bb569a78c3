import { holderName, recipientIban } from './recipients.ts';
import type { Json } from './state.ts';

// The sandbox provider's pages (ADR 0039): the hosted identity check, a bank that sends a transfer
// and the strong customer authentication that confirms a recipient. Plain HTML, no script; every
// value shown is escaped.

const escapeHtml = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Sandbox payment provider</title><style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;line-height:1.5}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin:1rem .5rem 0 0;padding:.6rem 1rem;font-size:1rem}.note{background:#fff4d6;padding:.5rem .75rem;border-radius:4px}.error{color:#a00}</style></head><body><p class="note">Sandbox payment provider — no real money or documents. For trying the platform locally.</p>${body}</body></html>`;
}

export function idvPage(session: Json, user: Json | undefined): string {
  const name = user ? `${String(user.FirstName)} ${String(user.LastName)}` : '';
  if (session.Status !== 'PENDING')
    return layout(
      'Identity check',
      `<h1>Identity check</h1><p>This check is already ${escapeHtml(session.Status)}.</p><p><a href="${escapeHtml(session.ReturnUrl)}">Back to the platform</a></p>`,
    );
  return layout(
    'Identity check',
    `<h1>Identity check</h1><p>You are verifying the identity of <strong>${escapeHtml(name)}</strong>. A real provider would ask for an identity document and a selfie here.</p>
<form method="post"><input type="hidden" name="outcome" value="approve"><button type="submit">My document is valid — complete the check</button></form>
<form method="post"><input type="hidden" name="outcome" value="refuse"><label for="reason">Or refuse it, with a reason</label><input id="reason" name="reason" value="Document unreadable" maxlength="200"><button type="submit">Refuse the check</button></form>`,
  );
}

export function bankPage(values: {
  iban: string;
  payer: string;
  payerIban?: string;
  amount?: string;
  error?: string;
}): string {
  return layout(
    'Send a bank transfer',
    `<h1>Send a bank transfer</h1><p>Send euros to a personal IBAN shown on the platform: a member's wallet page, or a campaign's revenue page for the studio.</p>${values.error ? `<p class="error" role="alert">${escapeHtml(values.error)}</p>` : ''}
<form method="post"><label for="iban">Beneficiary IBAN</label><input id="iban" name="iban" value="${escapeHtml(values.iban)}" required maxlength="40">
<label for="payer">Your name (the payer)</label><input id="payer" name="payer" value="${escapeHtml(values.payer)}" required maxlength="140">
<label for="payerIban">Your IBAN (optional: where the money goes if it is sent back)</label><input id="payerIban" name="payerIban" value="${escapeHtml(values.payerIban ?? '')}" maxlength="40">
<label for="amount">Amount in euros</label><input id="amount" name="amount" inputmode="decimal" placeholder="250.00" value="${escapeHtml(values.amount ?? '')}" required maxlength="12">
<label for="reference">Description (optional)</label><input id="reference" name="reference" maxlength="140">
<button type="submit">Send the transfer</button></form>`,
  );
}

/** An IBAN shown with its country and check digits and its last four characters only. */
export const maskIban = (iban: string): string => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

/**
 * The strong customer authentication of a recipient: the user confirms (or cancels) registering
 * the account. The forms post back to this page's own URL, which carries the return URL along.
 */
export function scaPage(recipient: Json, returnUrl: string | null): string {
  const holder = holderName(recipient);
  const iban = recipientIban(recipient);
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the platform</a></p>` : '';
  const account = `<p>Account holder: <strong>${escapeHtml(holder)}</strong><br>IBAN: <strong>${escapeHtml(maskIban(iban))}</strong></p>`;
  if (recipient.Status !== 'PENDING')
    return layout(
      'Confirm a bank account',
      `<h1>Confirm a bank account</h1>${account}<p>This bank account is already ${escapeHtml(recipient.Status)}: it cannot be confirmed again.</p>${back}`,
    );
  return layout(
    'Confirm a bank account',
    `<h1>Confirm a bank account</h1><p>You are adding this bank account to receive payouts. A real provider would ask you to authenticate here (a code sent to your phone, your banking app).</p>${account}
<form method="post"><input type="hidden" name="outcome" value="confirm"><button type="submit">Confirm</button></form>
<form method="post"><input type="hidden" name="outcome" value="cancel"><button type="submit">Cancel</button></form>`,
  );
}

export function donePage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}
