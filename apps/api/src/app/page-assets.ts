import type { Language } from '@indiesplit/shared/languages';

// What a page opened directly needs beyond the web app's entry, named in the HTML so the browser
// fetches it alongside the entry instead of one request after another (entry, then the screen's
// code and texts once the first frame is painted, then the screen's own imports). The build's
// manifest (Vite's .vite/manifest.json) says which files make up each screen.
//
// The table mirrors the web app's router (apps/web/src/app/router.tsx): each public screen a
// visitor is likely to open first, with the modules its route loads and the text namespaces it
// asks for. A screen left out, or a module the build no longer has, just gets no hints.

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

interface RouteAssets {
  pattern: RegExp;
  /** Source modules the route loads on demand, as the manifest names them. */
  modules: readonly string[];
  /** Text namespaces it loads with them; a screen with any also loads the error catalogue. */
  namespaces: readonly string[];
}

const QUERY_LAYOUT = 'src/app/query-layout.tsx';

/** Exported for the test that checks every module and namespace still exists. */
export const ROUTE_ASSETS: readonly RouteAssets[] = [
  { pattern: /^\/login$/, modules: ['src/features/auth/login-page.tsx'], namespaces: ['auth'] },
  {
    pattern: /^\/register$/,
    modules: ['src/features/auth/register/register-page.tsx'],
    namespaces: ['auth'],
  },
  { pattern: /^\/about-us$/, modules: ['src/features/about/about-page.tsx'], namespaces: ['about'] },
  {
    pattern: /^\/campaigns$/,
    modules: [QUERY_LAYOUT, 'src/features/campaigns/campaigns-page.tsx'],
    namespaces: ['security', 'campaigns'],
  },
  {
    pattern: /^\/campaigns\/[^/]+$/,
    modules: [QUERY_LAYOUT, 'src/features/campaigns/campaign-page.tsx'],
    namespaces: ['security', 'campaigns', 'payouts', 'outcomes'],
  },
];

/** The files to hint for one page: scripts to preload as modules, style sheets to fetch early. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
}

/**
 * Builds, from the manifest, the lookup of a page's files. Files the entry already loads (its
 * static imports, which index.html names itself) are left out.
 */
export function createPageAssets(manifest: Manifest): (pathname: string, lang: Language) => PageAssets {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, scripts: Set<string>, styles: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file) || scripts.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!loaded.has(css)) styles.add(css);
    for (const imported of chunk.imports ?? []) walk(imported, scripts, styles);
  };
  if (entry) {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry) ?? '';
    walk(entryKey, scripts, styles);
    for (const file of [...scripts, ...styles]) loaded.add(file);
  }
  // The error catalogue is a shared module, not a source file of the web app: its manifest key
  // carries the chunk's hash, so it is found by name.
  const errorsKey = Object.keys(manifest).find((key) => manifest[key]?.name === 'messages');

  return (pathname, lang) => {
    const route = ROUTE_ASSETS.find((r) => r.pattern.test(pathname));
    const scripts = new Set<string>();
    const styles = new Set<string>();
    if (!route) return { scripts: [], styles: [] };
    const keys = [...route.modules, ...route.namespaces.map((ns) => `src/i18n/${lang}/${ns}.json`)];
    if (route.namespaces.length > 0 && errorsKey) keys.push(errorsKey);
    for (const key of keys) walk(key, scripts, styles);
    return { scripts: [...scripts], styles: [...styles] };
  };
}
