// A bounded, simple reading of a User-Agent for the list of sessions: browser, system and kind of
// device, nothing finer (no versions, no fingerprint). Substring tests on at most 300 characters:
// constant cost whatever a client sends.

export interface Device {
  browser: string | null;
  os: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | 'unknown';
}

const BROWSERS: Array<[needle: string, name: string]> = [
  ['Edg/', 'Edge'],
  ['EdgA/', 'Edge'],
  ['OPR/', 'Opera'],
  ['SamsungBrowser/', 'Samsung Internet'],
  ['Firefox/', 'Firefox'],
  ['FxiOS/', 'Firefox'],
  ['CriOS/', 'Chrome'],
  ['Chromium/', 'Chromium'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];

const SYSTEMS: Array<[needle: string, name: string]> = [
  ['Windows', 'Windows'],
  ['iPhone', 'iOS'],
  ['iPad', 'iPadOS'],
  ['Android', 'Android'],
  ['CrOS', 'ChromeOS'],
  ['Mac OS X', 'macOS'],
  ['Macintosh', 'macOS'],
  ['Linux', 'Linux'],
];

export function describeUserAgent(raw: string | null | undefined): Device {
  const ua = (raw ?? '').slice(0, 300);
  if (!ua) return { browser: null, os: null, device: 'unknown' };
  const browser = BROWSERS.find(([needle]) => ua.includes(needle))?.[1] ?? null;
  const os = SYSTEMS.find(([needle]) => ua.includes(needle))?.[1] ?? null;
  const device =
    ua.includes('iPad') || ua.includes('Tablet')
      ? 'tablet'
      : ua.includes('Mobi') || ua.includes('iPhone') || ua.includes('Android')
        ? 'mobile'
        : browser || os
          ? 'desktop'
          : 'unknown';
  return { browser, os, device };
}
