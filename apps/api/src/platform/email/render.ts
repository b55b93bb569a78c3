import type { Language } from '@indiesplit/shared/languages';
import { type EmailKey, emailHtml, emailText, type TextValues } from '../i18n.ts';
import { renderMarkdown } from '../markdown.ts';
import { escapeHtml } from './escape.ts';

// The one layout of every email the platform sends. An email names its texts by key and hands over
// its data; the words come from the catalogue of the reader's language, the plain-text part and the
// HTML part are built here from the same paragraphs, and every value is escaped in the HTML.

/**
 * A paragraph: a catalogue text, words someone typed (a reviewer's message) shown as they are, or
 * staff's Markdown (a newsletter), rendered and sanitised in the HTML part and as typed in the text.
 */
export type Paragraph = EmailKey | { verbatim: string } | { markdown: string };

export interface EmailSpec {
  subject: EmailKey;
  paragraphs: Paragraph[];
  /** The one link of the email, shown as a button with the address under it. */
  action?: { label: EmailKey; url: string };
  /** The values of the `{placeholders}` of every text above. */
  values?: TextValues;
  /** A small link under the signature (a newsletter's unsubscribe link). */
  footerLink?: { label: EmailKey; url: string };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const BRAND = '#7c3aed';

export function renderEmail(lang: Language, spec: EmailSpec): RenderedEmail {
  const values = spec.values ?? {};
  const plain = (p: Paragraph) =>
    typeof p === 'string' ? emailText(lang, p, values) : 'verbatim' in p ? p.verbatim : p.markdown;
  const html = (p: EmailKey | { verbatim: string }) =>
    typeof p === 'string' ? emailHtml(lang, p, values) : escapeHtml(p.verbatim);
  const subject = emailText(lang, spec.subject, values);
  const signature = emailText(lang, 'layout.signature');
  const action = spec.action && { label: emailText(lang, spec.action.label, values), url: spec.action.url };

  const footer = spec.footerLink && {
    label: emailText(lang, spec.footerLink.label, values),
    url: spec.footerLink.url,
  };
  const text = [
    ...spec.paragraphs.map(plain),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    signature,
    ...(footer ? [`${footer.label}: ${footer.url}`] : []),
  ].join('\n\n');

  const body = spec.paragraphs
    .map((p) =>
      typeof p !== 'string' && 'markdown' in p
        ? `<div style="margin:0 0 16px">${renderMarkdown(p.markdown)}</div>`
        : `<p style="margin:0 0 16px;white-space:pre-line">${html(p as Exclude<Paragraph, { markdown: string }>)}</p>`,
    )
    .join('');
  const footerHtml = footer
    ? `<p style="margin:8px 0 0;font-size:12px;color:#555"><a href="${escapeHtml(footer.url)}" style="color:#555">${escapeHtml(footer.label)}</a></p>`
    : '';
  const button = action
    ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(action.url)}" style="background:${BRAND};color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0;font-size:12px;color:#555;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  return {
    subject,
    text,
    html: `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f4f3f8"><div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5;color:#111"><p style="margin:0 0 16px;font-size:20px;font-weight:700;color:${BRAND}">IndieSplit</p><div style="background:#fff;border-radius:12px;padding:24px">${body}${button}</div><p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(signature)}</p>${footerHtml}</div></body></html>`,
  };
}
