import type { KeyInformationDto, KeyInformationItemDto } from '@indiesplit/shared/campaigns';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_BASE } from '../../../lib/api.ts';
import styles from '../campaigns.module.css';

// The key investment information sheet (ADR 0028) exactly as the server wrote it in the reader's
// language: the regulation's warnings first, then the sections in the order of Annex I, and the
// same sheet as a PDF in English or Italian. The campaign page and the invest screen show it.

function Value({ item }: { item: KeyInformationItemDto }) {
  if (item.href?.startsWith('/')) return <Link to={item.href}>{item.value}</Link>;
  if (item.href?.startsWith('mailto:')) return <a href={item.href}>{item.value}</a>;
  return <>{item.value}</>;
}

export function keyInformationPdfUrl(slug: string, lang: 'en' | 'it'): string {
  return `${API_BASE}/campaigns/${encodeURIComponent(slug)}/key-information.pdf?lang=${lang}`;
}

/** `headingLevel`: the level of the section titles (the sheet's own title is the caller's). */
export function KeyInformation({
  info,
  slug,
  headingLevel = 3,
}: {
  info: KeyInformationDto;
  slug: string;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation('campaigns');
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className={styles.kiisSheet} lang={info.lang}>
      <p className={styles.kiisTitle}>{info.title}</p>
      <section className={styles.kiisWarnings} aria-label={t('kiis.warnings')}>
        {info.warnings.map((w) => (
          <div key={w.id} className={styles.kiisWarning} data-warning={w.id}>
            <Heading>{w.title}</Heading>
            <p>{w.text}</p>
          </div>
        ))}
      </section>
      {info.sections.map((section) => (
        <section key={section.id} aria-labelledby={`kiis-${section.id}`}>
          <Heading id={`kiis-${section.id}`}>{section.title}</Heading>
          <dl className={styles.kiis}>
            {section.items.map((item) => (
              <div key={item.label}>
                <dt>{item.label}</dt>
                <dd>
                  <Value item={item} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className={styles.kiisPdf}>
        {t('kiis.pdf')}{' '}
        <a href={keyInformationPdfUrl(slug, 'en')} download hrefLang="en">
          {t('kiis.pdfEn')}
        </a>
        {' · '}
        <a href={keyInformationPdfUrl(slug, 'it')} download hrefLang="it">
          {t('kiis.pdfIt')}
        </a>
      </p>
    </div>
  );
}
