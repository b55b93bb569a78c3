import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Markdown typed by staff (news, newsletters), rendered to HTML on the server (ADR 0038). Two
// locks: markdown-it with raw HTML off turns any markup in the text into escaped text, and its
// output then goes through sanitize-html with a short allow-list (no scripts, no styles, no event
// handlers, links only to http(s) and mailto). The browser and the email show this HTML as it is.

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'title'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Headings of the text sit under the page's own h1.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer', target: '_blank' }),
  },
  disallowedTagsMode: 'escape',
};
SANITIZE.allowedAttributes = { ...SANITIZE.allowedAttributes, a: ['href', 'title', 'rel', 'target'] };

/** Longest Markdown text rendered: callers' schemas bound their input below this already. */
export const MARKDOWN_MAX = 20_000;

/** Sanitised HTML of a Markdown text. */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(md.render(text.slice(0, MARKDOWN_MAX)), SANITIZE);
}
