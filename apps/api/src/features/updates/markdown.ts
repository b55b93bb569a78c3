import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// An update's body: Markdown written by a studio, rendered on the server to HTML that is safe to
// put in a page as it is. markdown-it runs with raw HTML off (a `<script>` is text), and
// sanitize-html then keeps only the elements and attributes below, links only to http(s) and
// mailto, images only from our own update images (served by us, re-encoded on upload). Both steps
// are linear in the input, which is capped at UPDATE_BODY_MAX characters by the request schema.

const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

/** Our own update images: `/api/media/updates/<32 hex>.webp`. */
const OWN_IMAGE = /^\/api\/media\/updates\/[a-f0-9]{32}\.webp$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
  transformTags: {
    // Headings start below the page's own.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow noopener noreferrer ugc', target: '_blank' },
    }),
  },
};
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as object), a: ['href', 'rel', 'target'] };

export function renderMarkdown(source: string): string {
  if (source.trim() === '') return '';
  return sanitizeHtml(md.render(source), OPTIONS);
}
