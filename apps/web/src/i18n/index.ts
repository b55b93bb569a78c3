import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import { isLanguage, LANGUAGES } from '@indiesplit/shared/languages';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, keepLanguage } from './detect-language.ts';

// Every namespace file src/i18n/<lang>/<namespace>.json is picked up here; the error catalogue
// (namespace "errors") comes from packages/shared, so server and browser word errors alike. It is
// loaded on demand too: only screens with forms show its messages, and the home page stays light.
//
// The namespaces of screens that are themselves loaded on demand (accounts, settings, pitch, back
// office, campaigns, investing, funds, revenue reports, payouts, about us, news, outcomes, the conflicts-of-interest policy, complaints, legal documents, the studio's verification, notifications, the member's feed) are fetched with their screen instead of travelling with the
// home page; every other file is bundled.
type JsonModule = { default: Record<string, unknown> };
const bundled = import.meta.glob<JsonModule>(
  [
    './*/*.json',
    '!./*/auth.json',
    '!./*/settings.json',
    '!./*/pitch.json',
    '!./*/backoffice.json',
    '!./*/campaigns.json',
    '!./*/invest.json',
    '!./*/funds.json',
    '!./*/revenue.json',
    '!./*/payouts.json',
    '!./*/security.json',
    '!./*/about.json',
    '!./*/news.json',
    '!./*/outcomes.json',
    '!./*/conflicts.json',
    '!./*/complaints.json',
    '!./*/legal.json',
    '!./*/kyb.json',
    '!./*/notifications.json',
    '!./*/community.json',
    '!./*/payments.json',
    '!./*/feed.json',
  ],
  { eager: true },
);
const onDemand = import.meta.glob<JsonModule>([
  './*/auth.json',
  './*/settings.json',
  './*/pitch.json',
  './*/backoffice.json',
  './*/campaigns.json',
  './*/invest.json',
  './*/funds.json',
  './*/revenue.json',
  './*/payouts.json',
  './*/security.json',
  './*/about.json',
  './*/news.json',
  './*/outcomes.json',
  './*/conflicts.json',
  './*/complaints.json',
  './*/legal.json',
  './*/kyb.json',
  './*/notifications.json',
  './*/community.json',
  './*/payments.json',
  './*/feed.json',
]);

const FILE = /^\.\/(\w+)\/([\w-]+)\.json$/;

type Resources = Record<string, Record<string, Record<string, unknown>>>;
const resources: Resources = {};
for (const lang of LANGUAGES) resources[lang] = {};
for (const [file, module] of Object.entries(bundled)) {
  const match = file.match(FILE);
  if (!match) continue;
  const [, lang, ns] = match as [string, string, string];
  resources[lang] ??= {};
  resources[lang][ns] = module.default;
}

const bundledNamespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];
const onDemandNamespaces = [
  ...new Set(Object.keys(onDemand).flatMap((file) => file.match(FILE)?.[2] ?? [])),
  'errors',
];

export const namespaces = [...bundledNamespaces, ...onDemandNamespaces];

const onDemandBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === 'errors') {
      import('@indiesplit/shared/messages').then(
        (m) => callback(null, { ...m.MESSAGES[isLanguage(language) ? language : 'en'] }),
        (err: Error) => callback(err, false),
      );
      return;
    }
    const load = onDemand[`./${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default as never),
      (err: Error) => callback(err, false),
    );
  },
};

// The reader's choice is kept (local storage and the cookie) whenever the language is set, the
// first detection included.
i18n.on('languageChanged', keepLanguage);
void i18n
  .use(onDemandBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    resources,
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: bundledNamespaces,
    defaultNS: 'common',
    interpolation: {
      escapeValue: false,
      prefix: '{',
      suffix: '}',
      // Figures every text may name, written once in packages/shared: "for {termMonths} months".
      defaultVariables: { termMonths: REVENUE_SHARE_TERM_MONTHS },
    },
    returnNull: false,
  });

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng.slice(0, 2);
}
i18n.on('languageChanged', syncHtmlLang);
if (i18n.language) syncHtmlLang(i18n.language);

/** Loads namespaces a screen needs (in the current language and the fallback) before it renders. */
export function loadNamespaces(ns: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...ns]);
}

/**
 * Switches language after fetching, in the new language, every on-demand namespace already in use,
 * so the screen changes language at once instead of blanking while texts load.
 */
export async function switchLanguage(lng: string): Promise<void> {
  const inUse = onDemandNamespaces.filter((ns) => i18n.languages.some((l) => i18n.hasResourceBundle(l, ns)));
  if (inUse.length > 0) await i18n.reloadResources([lng], inUse).catch(() => {});
  await i18n.changeLanguage(lng);
}

export default i18n;
