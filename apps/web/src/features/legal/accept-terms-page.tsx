import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { NEXT_PARAM, safeReturnPath } from '../auth/return-path.ts';
import { legalKeys, useAcceptTerms, useLegalDocument } from './api.ts';
import styles from './legal.module.css';
import { LegalText } from './markdown.tsx';

/**
 * /legal/accept?next=… — a new version of the terms is in force: the member reads it and accepts
 * it, then goes on to where they were going (ADR 0034). The version read is the one accepted: when
 * a newer one arrives meanwhile, the server refuses and the page shows the newer text.
 */
export default function AcceptTermsPage() {
  const { t, i18n } = useTranslation('legal');
  const lang = i18n.language.startsWith('it') ? 'it' : 'en';
  usePageTitle(t('accept.title'));
  const auth = useAuth();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeReturnPath(search.get(NEXT_PARAM)) ?? paths.home;
  const terms = useLegalDocument('terms', lang);
  const accept = useAcceptTerms();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  // Someone with nothing to accept (a second tab, the browser's back button) goes straight on.
  const nothingToAccept = !auth.isLoading && auth.isAuthenticated && auth.termsAcceptanceRequired === false;
  useEffect(() => {
    if (nothingToAccept && !accept.isPending && !accept.isSuccess) navigate(next, { replace: true });
  }, [nothingToAccept, accept.isPending, accept.isSuccess, navigate, next]);

  async function onAccept() {
    if (!terms.data) return;
    setError(null);
    try {
      await accept.mutateAsync({ terms_version: terms.data.version });
      await auth.refresh();
      navigate(next, { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'legalVersionOutdated')
        await queryClient.invalidateQueries({ queryKey: legalKeys.all });
      setError(errorText(t, err, { fallback: 'errors:serverError' }));
    }
  }

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <div className={styles.article}>
          <h1>{t('accept.title')}</h1>
          <p>{t('accept.intro')}</p>
          {terms.isPending ? (
            <PageSpinner />
          ) : terms.isError ? (
            <Notice type="error">
              <p>{t('loadError')}</p>
            </Notice>
          ) : (
            <>
              <section
                className={styles.text}
                aria-labelledby="accept-terms-title"
                lang={terms.data.language}
              >
                <h2 id="accept-terms-title">{terms.data.title}</h2>
                <p className={styles.meta}>
                  {t('version', { version: terms.data.version })} ·{' '}
                  {t('inForceSince', { date: formatDay(terms.data.effective_at, lang, 'long') })}
                </p>
                <LegalText source={terms.data.body} />
              </section>
              <p>
                <Link to={paths.legal('privacy')}>{t('accept.privacy')}</Link>
              </p>
              {error && (
                <Notice type="error" ref={errorRef}>
                  <p>{error}</p>
                </Notice>
              )}
              <div className={styles.actions}>
                <Button type="button" onClick={onAccept} loading={accept.isPending}>
                  {t('accept.button')}
                </Button>
              </div>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
