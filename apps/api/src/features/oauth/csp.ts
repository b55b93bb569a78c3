import type { Config } from '../../config.ts';

/**
 * What the pages must additionally allow for Google's sign-in button: its script, the frames and
 * styles it injects and the calls it makes, all under the configured script's folder (for Google,
 * https://accounts.google.com/gsi/). Nothing when Google is not configured.
 */
export function googleSignInSources(config: Config): string[] {
  if (!config.google) return [];
  return [new URL('.', config.google.scriptUrl).toString()];
}
