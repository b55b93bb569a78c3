import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useLegalDocument } from './api.ts';
import styles from './legal.module.css';
import { LegalText } from './markdown.tsx';

const VERSION = /^[1-9][0-9]{0,4}$/;

/**
 * /legal/:document and /legal/:document/versions/:version — the platform's own terms, privacy and
 * cookie policies, in the reader's language, the version in force or an older one (ADR 0034).
 */
export default function LegalPage() {
  const { t, i18n } = useTranslation('legal');
  const lang = i18n.language.startsWith('it') ? 'it' : 'en';
  const params = useParams();
  const document = params.document ?? '';
  const version = params.version && VERSION.test(params.version) ? Number(params.version) : null;
  const asked = params.version === undefined || version !== null;
  const doc = useLegalDocument(document, lang, version);
  usePageTitle(doc.data?.title ?? t('pageTitle'));

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        {!asked || (doc.isError && isApiError(doc.error) && doc.error.status === 404) ? (
          <>
            <h1>{t('pageTitle')}</h1>
            <Notice type="error">
              <p>{t('notFound')}</p>
            </Notice>
          </>
        ) : doc.isPending ? (
          <PageSpinner />
        ) : doc.isError ? (
          <>
            <h1>{t('pageTitle')}</h1>
            <Notice type="error">
              <p>{t('loadError')}</p>
            </Notice>
          </>
        ) : (
          <>
            <article className={styles.article} lang={doc.data.language}>
              <h1>{doc.data.title}</h1>
              <p className={styles.meta}>
                {t('version', { version: doc.data.version })} ·{' '}
                {t(doc.data.current ? 'inForceSince' : 'wasInForceFrom', {
                  date: formatDay(doc.data.effective_at, lang, 'long'),
                })}
              </p>
              {!doc.data.current && (
                <Notice type="info">
                  <p>
                    {t('olderNotice', { version: doc.data.version })}{' '}
                    <Link to={paths.legal(document)}>{t('readCurrent')}</Link>
                  </p>
                </Notice>
              )}
              <LegalText source={doc.data.body} />
            </article>
            <section className={styles.versions} aria-labelledby="legal-versions">
              <h2 id="legal-versions">{t('versions')}</h2>
              <ul>
                {doc.data.versions.map((v) => (
                  <li key={v.version}>
                    {v.version === doc.data.version ? (
                      <span aria-current="page">
                        {t('versionItem', {
                          version: v.version,
                          date: formatDay(v.effective_at, lang, 'long'),
                        })}
                      </span>
                    ) : (
                      <Link to={paths.legalVersion(document, v.version)}>
                        {t('versionItem', {
                          version: v.version,
                          date: formatDay(v.effective_at, lang, 'long'),
                        })}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
              <p className={styles.hash}>
                {t('hash')}: {doc.data.content_hash}
              </p>
            </section>
          </>
        )}
      </div>
    </main>
  );
}
