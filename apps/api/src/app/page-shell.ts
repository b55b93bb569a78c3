import type { Language } from '@indiesplit/shared/languages';
import type { FastifyRequest } from 'fastify';
import { getCampaignPreview } from '../features/campaigns/queries/get-campaign-preview.ts';
import { getStudioPage } from '../features/community/studios.ts';
import type { AppContext } from '../platform/context.ts';
import { escapeHtml } from '../platform/email/escape.ts';
import { intlLocale, type PageKey, pageText } from '../platform/i18n.ts';

// The web app's shell, as the server sends it for a page: the same index.html for every route, with
// the route's own <title>, description and link-preview tags (Open Graph, Twitter) written in by the
// server. Link-preview bots and plain HTTP clients run no JavaScript, so what they read must be in
// the HTML itself. One indexed read at most (a campaign by its address); everything else is a
// string built from the catalogue.

/** Head tags for one page. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  image?: string;
  type: 'website' | 'article';
  /** 404 for a campaign address that names no public campaign; the app shows its not-found screen. */
  status: 200 | 404;
}

/** Public routes with a fixed title and description (the rest get the site's own). */
const STATIC_PAGES: Record<
  string,
  'home' | 'campaigns' | 'about' | 'news' | 'demo' | 'login' | 'register' | 'pitch'
> = {
  '/': 'home',
  '/campaigns': 'campaigns',
  '/about-us': 'about',
  '/news': 'news',
  '/demo': 'demo',
  '/login': 'login',
  '/register': 'register',
  '/split-project-form': 'pitch',
};

const CAMPAIGN_PATH = /^\/campaigns\/([^/]+)$/;
const STUDIO_PATH = /^\/studios\/([A-Za-z0-9_]{1,60})$/;

/**
 * Whether a request that matched no route gets the app shell: a GET or HEAD outside /api/ for an
 * address with no file extension, from any client but one that asks for JSON and not for HTML.
 * Missing files (/favicon.ico, a stale /assets/… name) stay a plain 404.
 */
export function wantsPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = pathOf(req.url);
  if (pathname.startsWith('/api/') || pathname === '/api') return false;
  if (/\.[A-Za-z0-9]+$/.test(pathname)) return false;
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') || !accept.includes('json');
}

function pathOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The head tags of the page at `url`, in the reader's language. */
export async function pageMetaFor(ctx: AppContext, url: string, lang: Language): Promise<PageMeta> {
  const pathname = pathOf(url);
  const address = `${ctx.config.publicUrl}${pathname === '/' ? '/' : pathname}`;
  const text = (key: PageKey) => pageText(lang, key);
  const campaign = CAMPAIGN_PATH.exec(pathname);
  if (campaign?.[1]) {
    const preview = await getCampaignPreview(ctx.db, campaign[1], lang);
    if (!preview)
      return {
        title: text('campaign.notFound'),
        description: text('default.description'),
        url: address,
        type: 'website',
        status: 404,
      };
    return {
      title: preview.title,
      description: preview.summary || text('campaigns.description'),
      url: address,
      ...(preview.coverPath ? { image: `${ctx.config.publicUrl}${preview.coverPath}` } : {}),
      type: 'article',
      status: 200,
    };
  }
  const studio = STUDIO_PATH.exec(pathname);
  if (studio?.[1]) {
    // A studio's page (ADR 0904): its name, and the first words of its bio as the description.
    const found = await getStudioPage(ctx, studio[1]).catch(() => null);
    if (!found)
      return {
        title: text('studio.notFound'),
        description: text('default.description'),
        url: address,
        type: 'website',
        status: 404,
      };
    const bio = found.bio.replace(/\s+/g, ' ').trim();
    return {
      title: `${found.name}: ${text('studio.kind')}`,
      description: bio
        ? bio.length > 200
          ? `${bio.slice(0, 199)}…`
          : bio
        : `${found.name}. ${text('studio.description')}`,
      url: address,
      ...(found.logo_url ? { image: `${ctx.config.publicUrl}${found.logo_url}` } : {}),
      type: 'website',
      status: 200,
    };
  }
  const page = STATIC_PAGES[pathname];
  return {
    title: page ? text(`${page}.title`) : '',
    description: page ? text(`${page}.description`) : text('default.description'),
    url: address,
    type: 'website',
    status: 200,
  };
}

/** The shell with a page's head tags: built once from index.html, filled per request. */
export function createPageShell(indexHtml: string): (meta: PageMeta, lang: Language) => string {
  // The template's own title and description are the defaults the tags below replace.
  const template = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // The tags go at the end of <head>; in a page without one, right after the doctype (where a
  // browser's parser opens the head by itself).
  const closingHead = template.search(/<\/head>/i);
  const doctype = /^\s*<!doctype html>/i.exec(template);
  const headEnd = closingHead >= 0 ? closingHead : (doctype?.[0].length ?? 0);
  const before = template.slice(0, headEnd);
  const after = template.slice(headEnd);
  return (meta, lang) => {
    const site = pageText(lang, 'site');
    const title = meta.title ? `${meta.title} · ${site}` : site;
    const attr = escapeHtml;
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${attr(meta.description)}" />`,
      `<link rel="canonical" href="${attr(meta.url)}" />`,
      `<meta property="og:site_name" content="${attr(site)}" />`,
      `<meta property="og:type" content="${meta.type}" />`,
      `<meta property="og:title" content="${attr(meta.title || site)}" />`,
      `<meta property="og:description" content="${attr(meta.description)}" />`,
      `<meta property="og:url" content="${attr(meta.url)}" />`,
      `<meta property="og:locale" content="${intlLocale(lang).replace('-', '_')}" />`,
      ...(meta.image ? [`<meta property="og:image" content="${attr(meta.image)}" />`] : []),
      `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${attr(meta.title || site)}" />`,
      `<meta name="twitter:description" content="${attr(meta.description)}" />`,
      ...(meta.image ? [`<meta name="twitter:image" content="${attr(meta.image)}" />`] : []),
    ];
    return `${before}${tags.join('\n    ')}\n  ${after}`;
  };
}
