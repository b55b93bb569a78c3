// Names of uploaded files as the platform gives them back (ADR 0017): what the uploader called the
// file, reduced to letters, digits, dots, dashes and underscores, with the extension of the type the
// content was found to be, so a download never carries a path, a control character or a misleading
// extension.

/**
 * A safe download name from `original`: at most 100 characters, ending in `.ext` (a JPEG may keep
 * `.jpeg`); `fallback` when nothing of the original is left.
 */
export function safeDownloadName(original: string | null | undefined, ext: string, fallback: string): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  if (name === '') name = fallback;
  const lower = name.toLowerCase();
  const fits = lower.endsWith(`.${ext}`) || (ext === 'jpg' && lower.endsWith('.jpeg'));
  return fits ? name : `${name}.${ext}`;
}
