import type { KeyInformationVersionRef } from '@indiesplit/shared/campaigns';
import { useTranslation } from 'react-i18next';
import { PLATFORM_TIME_ZONE, useHydrated } from '../../../app/hydration.ts';
import { API_BASE } from '../../../lib/api.ts';
import { formatDateTime } from '../format.ts';

/** The PDF of one version of a campaign's key information sheet, in English or Italian. */
export function keyInformationPdfUrl(slug: string, number: number, lang: string): string {
  return `${API_BASE}/campaigns/${encodeURIComponent(slug)}/key-information/versions/${number}.pdf?lang=${
    lang.startsWith('it') ? 'it' : 'en'
  }`;
}

/** "Version N, dated …" with its PDF, and the earlier versions' PDFs (ADR 0029). */
export function KeyInformationVersionLine({
  slug,
  version,
}: {
  slug: string;
  version: KeyInformationVersionRef;
}) {
  const { t, i18n } = useTranslation('campaigns');
  // The reader's time zone once the page is the app's; the platform's, named, in the server's render.
  const hydrated = useHydrated();
  const earlier = Array.from({ length: version.number - 1 }, (_, i) => version.number - 1 - i);
  return (
    <div>
      <p>
        {t('kiis.version', {
          number: version.number,
          date: formatDateTime(version.created_at, i18n.language, hydrated ? undefined : PLATFORM_TIME_ZONE),
        })}{' '}
        <a href={keyInformationPdfUrl(slug, version.number, i18n.language)} target="_blank" rel="noopener">
          {t('kiis.versionDownload')}
        </a>
      </p>
      {earlier.length > 0 && (
        <details>
          <summary>{t('kiis.earlier')}</summary>
          <ul>
            {earlier.map((n) => (
              <li key={n}>
                <a href={keyInformationPdfUrl(slug, n, i18n.language)} target="_blank" rel="noopener">
                  {t('kiis.versionPdf', { number: n })}
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
