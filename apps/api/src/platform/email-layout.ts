import type { MailMessage } from './mailer.ts';

// The layout of the account emails (auth, security): plain text is the source; the HTML is the same
// words with the link as a button, every interpolated value escaped. In the platform so that the
// features that send these emails need not import one another (ADR 0023).

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function render(
  to: string,
  userId: string | null,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— IndieSplit'].join(
    '\n\n',
  );
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${body}${button}<p>— IndieSplit</p></body></html>`;
  return { to, userId, subject, text, html };
}
