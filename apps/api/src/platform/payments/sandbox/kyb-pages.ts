import { layout } from './pages.ts';
import type { Json } from './state.ts';

// The sandbox provider's studio verification page (/sandbox/kyb): the registration proofs and
// declarations of beneficial owners waiting for the provider's compliance team, each with the
// verdicts a real team could give. Plain HTML, no script; every value shown is escaped.

const escapeHtml = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const DOCUMENT_REASONS = [
  'DOCUMENT_UNREADABLE',
  'DOCUMENT_NOT_ACCEPTED',
  'DOCUMENT_HAS_EXPIRED',
  'DOCUMENT_INCOMPLETE',
  'DOCUMENT_DO_NOT_MATCH_USER_DATA',
  'SPECIFIC_CASE',
];
const DECLARATION_REASONS = [
  'MISSING_UBO',
  'WRONG_UBO_INFORMATION',
  'UBO_IDENTITY_NEEDED',
  'SHAREHOLDERS_DECLARATION_NEEDED',
  'DOCUMENTS_NEEDED',
  'SPECIFIC_CASE',
];

const options = (reasons: string[]) => reasons.map((r) => `<option>${r}</option>`).join('');

function verdicts(kind: 'document' | 'declaration', id: string): string {
  const hidden = `<input type="hidden" name="kind" value="${kind}"><input type="hidden" name="id" value="${escapeHtml(id)}">`;
  const reasons = kind === 'document' ? DOCUMENT_REASONS : DECLARATION_REASONS;
  const refuse = `<form method="post">${hidden}<label>Reason <select name="reason_type">${options(reasons)}</select></label><label>Message <input name="message" maxlength="255" value="Please send a readable copy"></label><button type="submit" name="outcome" value="REFUSED">Refuse</button>${kind === 'declaration' ? '<button type="submit" name="outcome" value="INCOMPLETE">Incomplete</button>' : ''}</form>`;
  return `<form method="post">${hidden}<button type="submit" name="outcome" value="VALIDATED">Validate</button></form>${refuse}`;
}

export function kybPage(
  waiting: { documents: Json[]; declarations: Json[]; users: Map<string, Json> },
  error?: string,
): string {
  const who = (userId: unknown) => escapeHtml(waiting.users.get(String(userId))?.Name ?? userId);
  const documents = waiting.documents
    .map(
      (d) =>
        `<li><h3>Registration proof ${escapeHtml(d.Id)}</h3><p>Studio: <strong>${who(d.UserId)}</strong></p>${verdicts('document', String(d.Id))}</li>`,
    )
    .join('');
  const declarations = waiting.declarations
    .map((d) => {
      const ubos = (d.Ubos as Json[])
        .map((u) => `${escapeHtml(u.FirstName)} ${escapeHtml(u.LastName)}`)
        .join(', ');
      return `<li><h3>Beneficial owners ${escapeHtml(d.Id)}</h3><p>Studio: <strong>${who(d.UserId)}</strong> — ${ubos}</p>${verdicts('declaration', String(d.Id))}</li>`;
    })
    .join('');
  return layout(
    'Studio verification',
    `<h1>Studio verification</h1><p>What a studio sent waits here for the provider's compliance team. Each verdict sends its event to the platform.</p>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<h2>Registration proofs</h2>${documents ? `<ul>${documents}</ul>` : '<p>None waiting.</p>'}
<h2>Declarations of beneficial owners</h2>${declarations ? `<ul>${declarations}</ul>` : '<p>None waiting.</p>'}`,
  );
}
