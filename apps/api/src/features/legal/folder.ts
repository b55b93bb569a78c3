import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@indiesplit/shared/languages';
import { sha256 } from '../../platform/crypto.ts';

// The operator's folder of legal documents (ADR 0034): one folder per document, one Markdown file
// per version and language, `<document>/<version>.<language>.md`, e.g. `terms/2.it.md`. Each file
// opens with a front matter naming the date the version takes effect, then the text; its first
// `# ` heading is the title. A version is complete when every language has its file.

/** The most a file may hold: far more than any legal text, far less than memory. */
const MAX_FILE_BYTES = 256 * 1024;
const MAX_VERSIONS_PER_DOCUMENT = 1000;
const DOCUMENT_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const FILE_NAME = /^([1-9][0-9]{0,4})\.([a-z]{2})\.md$/;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export interface FolderVersion {
  document: string;
  version: number;
  effectiveAt: Date;
  texts: Record<Language, { title: string; body: string }>;
  contentHash: string;
}

export interface FolderProblem {
  file: string;
  reason: string;
}

/** The folder shipped with the server: beside the sources, or beside the bundle. */
export function defaultLegalDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../legal'), path.resolve(here, '../legal')];
  return candidates.find((dir) => existsSync(path.join(dir, 'terms'))) ?? candidates[0]!;
}

/** The folder the configuration names (LEGAL_DIR), or the one shipped. */
export function legalDirFor(config: { legalDir: string | undefined }): string {
  return config.legalDir ?? defaultLegalDir();
}

/** The hash of what a member reads and accepts: the date it takes effect and both languages' texts. */
export function contentHash(effectiveAt: Date, texts: FolderVersion['texts']): string {
  return sha256(
    JSON.stringify({
      effective_at: effectiveAt.toISOString(),
      texts: LANGUAGES.map((lang) => [lang, texts[lang].title, texts[lang].body]),
    }),
  );
}

function parseFile(raw: string): { effectiveAt: Date; title: string; body: string } | string {
  const text = raw.replace(/^\uFEFF/, '');
  const front = FRONT_MATTER.exec(text);
  if (!front) return 'the file must open with a front matter (---, effective: YYYY-MM-DD, ---)';
  const effective = /^effective:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(front[1] ?? '');
  if (!effective) return 'the front matter must name the date it takes effect (effective: YYYY-MM-DD)';
  const effectiveAt = new Date(`${effective[1]}T00:00:00Z`);
  if (Number.isNaN(effectiveAt.getTime())) return 'the effective date is not a date';
  const body = text.slice(front[0].length).trim();
  const heading = /^#\s+(.+)$/m.exec(body);
  if (!heading?.[1]) return 'the text must have a title: a first-level heading (# …)';
  return { effectiveAt, title: heading[1].trim().slice(0, 200), body };
}

/** Every complete version in the folder, and what could not be read. Never throws on a bad file. */
export function readLegalFolder(dir: string): { versions: FolderVersion[]; problems: FolderProblem[] } {
  const versions: FolderVersion[] = [];
  const problems: FolderProblem[] = [];
  if (!existsSync(dir)) return { versions, problems: [{ file: '.', reason: 'the folder does not exist' }] };
  for (const document of readdirSync(dir).sort()) {
    const docDir = path.join(dir, document);
    if (!statSync(docDir).isDirectory() || !DOCUMENT_NAME.test(document)) continue;
    const found = new Map<number, Partial<Record<Language, ReturnType<typeof parseFile>>>>();
    for (const name of readdirSync(docDir).sort()) {
      const match = FILE_NAME.exec(name);
      if (!match) continue;
      const lang = match[2] as Language;
      const file = `${document}/${name}`;
      if (!(LANGUAGES as readonly string[]).includes(lang)) {
        problems.push({ file, reason: `unknown language "${lang}"` });
        continue;
      }
      const full = path.join(docDir, name);
      if (statSync(full).size > MAX_FILE_BYTES) {
        problems.push({ file, reason: `larger than ${MAX_FILE_BYTES / 1024} KiB` });
        continue;
      }
      const version = Number(match[1]);
      if (!found.has(version) && found.size >= MAX_VERSIONS_PER_DOCUMENT) continue;
      const entry = found.get(version) ?? {};
      entry[lang] = parseFile(readFileSync(full, 'utf8'));
      found.set(version, entry);
    }
    for (const [version, entry] of found) {
      const file = `${document}/${version}`;
      const parsed = LANGUAGES.map((lang) => [lang, entry[lang]] as const);
      const missing = parsed.filter(([, p]) => p === undefined).map(([lang]) => lang);
      if (missing.length > 0) {
        problems.push({ file, reason: `no text in ${missing.join(', ')}` });
        continue;
      }
      const bad = parsed.find(([, p]) => typeof p === 'string');
      if (bad) {
        problems.push({ file: `${file}.${bad[0]}.md`, reason: bad[1] as string });
        continue;
      }
      const ok = parsed as ReadonlyArray<
        readonly [Language, { effectiveAt: Date; title: string; body: string }]
      >;
      const dates = new Set(ok.map(([, p]) => p.effectiveAt.getTime()));
      if (dates.size !== 1) {
        problems.push({ file, reason: 'the languages name different effective dates' });
        continue;
      }
      const effectiveAt = ok[0]![1].effectiveAt;
      const texts = Object.fromEntries(
        ok.map(([lang, p]) => [lang, { title: p.title, body: p.body }]),
      ) as FolderVersion['texts'];
      versions.push({ document, version, effectiveAt, texts, contentHash: contentHash(effectiveAt, texts) });
    }
  }
  versions.sort((a, b) => a.document.localeCompare(b.document) || a.version - b.version);
  return { versions, problems };
}
