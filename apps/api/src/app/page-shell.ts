import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import {
  CAMPAIGN_PAGE_SIZE_MAX,
  CampaignDetailDto,
  type CampaignListQuery,
  CampaignListResponse,
  campaignListPath,
  campaignPath,
} from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/languages';
import { DISCORD_REF_PARAM, OAUTH_ERROR_PARAM } from '@indiesplit/shared/oauth-params';
import type { FastifyRequest } from 'fastify';
import { getPublicCampaign } from '../features/campaigns/queries/get-public-campaign.ts';
import { listPublicCampaigns } from '../features/campaigns/queries/list-public-campaigns.ts';
import { getStudioPage } from '../features/community/studios.ts';
import type { AppContext } from '../platform/context.ts';
import { escapeHtml } from '../platform/email/escape.ts';
import { AppError } from '../platform/errors.ts';
import { intlLocale, type PageKey, pageText } from '../platform/i18n.ts';
import type { PageAssets } from './page-assets.ts';

// The web app's shell, as the server sends it for a page: the same index.html for every route, with
// the route's own <title>, description and link-preview tags (Open Graph, Twitter) written in by the
// server. Link-preview bots and plain HTTP clients run no JavaScript, so what they read must be in
// the HTML itself.
//
// A browser's first paint of a page should not wait for requests one after another: the shell also
// names the files the page's screen needs (page-assets.ts) and, for the public campaign pages, holds
// the API answers the screen would ask for first, in the reader's language, so the screen renders
// them without a round trip (the web app's lib/page-data.ts). The answers are exactly what the API
// gives anyone, signed in or not: the same queries, read through the same response schemas.

/** Head tags for one page. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  /** Its path on this site, without a trailing slash. */
  path: string;
  image?: string;
  type: 'website' | 'article';
  /** 404 for a campaign address that names no public campaign; the app shows its not-found screen. */
  status: 200 | 404;
  /** Address of the image the page shows largest at the top (a campaign's cover), to fetch first. */
  leadImage?: string;
  /** API answers the page's screen asks for first, by their address relative to the API root. */
  answers?: Record<string, unknown>;
}

/** The API's own prefix: answers and media addresses are relative to it. */
const API_ROOT = '/api';

/** The two lists /campaigns shows first: real-money campaigns, then the demo ones (all of them). */
export const CAMPAIGN_LIST_QUERIES: readonly CampaignListQuery[] = [
  { currency: 'EUR' },
  { currency: 'DEMO', page_size: CAMPAIGN_PAGE_SIZE_MAX },
];

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
 * Pages whose first screen the server renders (page-render.ts, ADR 0041): the public pages a visitor
 * opens first, whose screen needs nothing the browser alone knows. The campaign list only as first
 * opened: its answers are in the page; a search in the address is the app's.
 */
const RENDERED_PAGES = new Set(['/', '/login', '/register', '/about-us', '/campaigns']);

export function isRenderedPage(meta: PageMeta, url: string): boolean {
  if (meta.status !== 200) return false;
  if (meta.path === '/campaigns') return searchOf(url) === '';
  // Back from a social sign-in, the login page words its notice from what the tab stored.
  if (meta.path === '/login') {
    const params = new URLSearchParams(searchOf(url));
    if (params.has(DISCORD_REF_PARAM) || params.has(OAUTH_ERROR_PARAM)) return false;
  }
  return RENDERED_PAGES.has(meta.path) || (CAMPAIGN_PATH.test(meta.path) && meta.answers !== undefined);
}

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

/**
 * A form of a page the server rendered, submitted before the app took the page over: the browser
 * posts it to the page's own address (the login form posts, ADR 0041). Such a request gets the page
 * again (303), never an error, and its body is not read.
 */
export function isEarlyFormSubmit(req: FastifyRequest): boolean {
  if (req.method !== 'POST') return false;
  const pathname = pathOf(req.url);
  if (pathname.startsWith('/api/') || pathname === '/api' || /\.[A-Za-z0-9]+$/.test(pathname)) return false;
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/**
 * Where an early form submit is sent back to: the page's own path and query, never another site
 * (an address starting "//" or "/\\" would be read by the browser as one).
 */
export function earlySubmitTarget(req: FastifyRequest): string {
  const pathname = pathOf(req.url);
  if (!/^\/(?![/\\])/.test(pathname)) return '/';
  const search = searchOf(req.url);
  return search ? `${pathname}?${search}` : pathname;
}

/** Parameters that only count a click (ad and newsletter links): no screen reads them. */
const TRACKING_PARAM = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid)$/i;

/**
 * The address a page is rendered for: without the parameters that only count a click, so a shared
 * link's every click is the same page to render and to keep (page-render.ts).
 */
export function renderedAddress(url: string): string {
  const search = searchOf(url);
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  if (!search) return path;
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (TRACKING_PARAM.test(name)) params.delete(name);
  const kept = params.toString();
  return kept ? `${path}?${kept}` : path;
}

function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1).split('#', 1)[0]!;
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
    let slug: string;
    try {
      slug = decodeURIComponent(campaign[1]);
    } catch {
      slug = '';
    }
    const detail = await publicCampaign(ctx, slug, lang);
    if (!detail)
      return {
        title: text('campaign.notFound'),
        description: text('default.description'),
        url: address,
        path: pathname,
        type: 'website',
        status: 404,
      };
    return {
      title: detail.title,
      description: detail.summary || text('campaigns.description'),
      url: address,
      path: pathname,
      // The cover is served by the API, under its prefix.
      ...(detail.cover_url
        ? {
            image: `${ctx.config.publicUrl}${API_ROOT}${detail.cover_url}`,
            leadImage: `${API_ROOT}${detail.cover_url}`,
          }
        : {}),
      type: 'article',
      status: 200,
      answers: { [campaignPath(detail.slug)]: CampaignDetailDto.parse(detail) },
    };
  }
  // The list as first opened; a search or filter in the address is left to the app.
  if (pathname === '/campaigns' && searchOf(url) === '') {
    const lists = await Promise.all(
      CAMPAIGN_LIST_QUERIES.map((query) => listPublicCampaigns(ctx, query, lang)),
    );
    return {
      title: text('campaigns.title'),
      description: text('campaigns.description'),
      url: address,
      path: pathname,
      type: 'website',
      status: 200,
      answers: Object.fromEntries(
        CAMPAIGN_LIST_QUERIES.map((query, i) => [
          campaignListPath(query),
          CampaignListResponse.parse(lists[i]),
        ]),
      ),
    };
  }
  const studio = STUDIO_PATH.exec(pathname);
  if (studio?.[1]) {
    // A studio's page (ADR 0038): its name, and the first words of its bio as the description.
    const found = await getStudioPage(ctx, studio[1]).catch(() => null);
    if (!found)
      return {
        title: text('studio.notFound'),
        description: text('default.description'),
        url: address,
        path: pathname,
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
      path: pathname,
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
    path: pathname,
    type: 'website',
    status: 200,
  };
}

/** A public campaign by its address; undefined where the API would answer 404. */
async function publicCampaign(ctx: AppContext, slug: string, lang: Language) {
  try {
    return await getPublicCampaign(ctx, slug, lang);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return undefined;
    throw err;
  }
}

/**
 * JSON to put inside a <script> element: no "<" at all (so no "</script>" or "<!--" can end or
 * bend the element), which JSON.parse reads back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const NO_ASSETS = (): PageAssets => ({ scripts: [], styles: [] });

/** The shell with a page's head tags: built once from index.html, filled per request. */
export function createPageShell(
  indexHtml: string,
  assetsFor: (pathname: string, lang: Language) => PageAssets = NO_ASSETS,
): (meta: PageMeta, lang: Language, rendered?: string | null) => string {
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
  // The first screen, when the server rendered it, goes inside the app's root element, and the page
  // then names its language (the app reads it before the browser's preference).
  const rootAt = after.search(/<div id="root"><\/div>/);
  const htmlAt = before.search(/^<html(?=[\s>])/im);
  // A rendered page is readable before the app's code arrives, so that code is fetched once the
  // page has been painted (public/app-loader.js), not alongside its style sheets: the build's entry
  // script and module preloads leave the head, and the loader names them instead.
  const entry = ENTRY_SCRIPT.exec(before);
  const entryModules = [...before.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
  const renderedHead = entry ? before.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '') : before;
  const canRender = rootAt >= 0 && htmlAt >= 0 && entry !== null;
  return (meta, lang, rendered) => {
    const page = (head: string, body: string) =>
      rendered && canRender
        ? `${head.slice(0, htmlAt)}<html lang="${lang}"${head.slice(htmlAt + 5)}${body.slice(0, rootAt)}<div id="root">${rendered}</div>${body.slice(rootAt + '<div id="root"></div>'.length)}`
        : `${head}${body}`;
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
      ...hints(meta, lang, Boolean(rendered && canRender)),
    ];
    return page(`${rendered && canRender ? renderedHead : before}${tags.join('\n    ')}\n  `, after);
  };

  /** What the browser should fetch early, and the answers the screen would ask for. */
  function hints(meta: PageMeta, lang: Language, rendered: boolean): string[] {
    if (meta.status !== 200) return [];
    const assets = assetsFor(meta.path, lang);
    const loader = () => {
      const modules = [...entryModules, ...assets.scripts.map((file) => `/${file}`)];
      return `<script defer src="/app-loader.js" data-entry="${escapeHtml(entry?.[1] ?? '')}" data-modules="${escapeHtml(modules.join(' '))}"></script>`;
    };
    return [
      ...(meta.leadImage
        ? [`<link rel="preload" as="image" href="${escapeHtml(meta.leadImage)}" fetchpriority="high" />`]
        : []),
      // Fetched as the build's own hints and the app's imports fetch them (crossorigin), so the
      // browser reuses what it preloaded; for a rendered page, once it is painted (the loader).
      ...(rendered
        ? [loader()]
        : assets.scripts.map(
            (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
          )),
      // A rendered screen is styled in its first paint: its style sheets apply at once.
      ...assets.styles.map((file) =>
        rendered
          ? `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`
          : `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`,
      ),
      ...(meta.answers
        ? [
            `<script type="application/json" id="page-data">${scriptJson({ lang, answers: meta.answers })}</script>`,
          ]
        : []),
    ];
  }
}

/** The build's entry script and module preloads in index.html, as Vite writes them. */
const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/i;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/gi;

/** Pages this small or smaller go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The page compressed for a client that accepts it (Brotli, else gzip): with a campaign list's
 * answers in it, the HTML is a few times smaller so. Fast settings: well under a millisecond for a
 * page of tens of kilobytes.
 */
export function compressPage(
  html: string,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  if (Buffer.byteLength(html) <= COMPRESS_FROM_BYTES || !acceptEncoding) return { body: html };
  const accepted = (name: string) =>
    acceptEncoding.split(',').some((part) => {
      const [token = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return token.trim() === name && (q === undefined || Number(q.trim().slice(2)) > 0);
    });
  if (accepted('br'))
    return {
      body: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (accepted('gzip')) return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}
