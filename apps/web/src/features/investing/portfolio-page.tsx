import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { usePortfolio, useWallet } from './api.ts';
import styles from './investing.module.css';
import tabs from './portfolio.module.css';

export const PORTFOLIO_SECTIONS = ['investments', 'wallet', 'payouts', 'documents'] as const;
export type PortfolioSection = (typeof PORTFOLIO_SECTIONS)[number];

export const isPortfolioSection = (s: string | undefined): s is PortfolioSection =>
  (PORTFOLIO_SECTIONS as readonly string[]).includes(s ?? '');

const sectionPath = (s: PortfolioSection) =>
  s === 'investments' ? paths.portfolio : paths.portfolioSection(s);

/**
 * My portfolio (issue #16): the real-euro figures on top, then one section at a time — investments,
 * wallet, payouts, documents — each at its own address (/portfolio, /portfolio/wallet …), chosen
 * with plain links (aria-current marks the open one), so the page stays short and a section can be
 * bookmarked or opened in a new tab. The app composes the sections (app/portfolio-route.tsx):
 * payouts belong to another feature.
 */
export default function PortfolioPage({
  section,
  children,
}: {
  section: PortfolioSection;
  children: ReactNode;
}) {
  const { t } = useTranslation(['invest', 'errors']);
  usePageTitle(`${t(`sections.${section}`)} · ${t('portfolio.title')}`);
  const portfolio = usePortfolio();
  const wallet = useWallet();

  if (portfolio.isPending || wallet.isPending) return <PageSpinner label={t('loading')} />;
  if (portfolio.isError || wallet.isError) {
    const err = portfolio.error ?? wallet.error;
    if (err instanceof ApiError && err.status === 401) return <Navigate to={paths.login} replace />;
    return (
      <main id="main" className={styles.page}>
        <div className="container">
          <Notice type="error">{errorText(t, err, { fallback: 'invest:loadError' })}</Notice>
        </div>
      </main>
    );
  }
  const eur = wallet.data.balances.find((b) => b.currency === 'EUR');
  const invested = portfolio.data.totals.find((x) => x.currency === 'EUR')?.committed_cents ?? 0;

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('portfolio.title')}</h1>
          <p className={styles.muted}>{t('portfolio.intro')}</p>
        </header>

        <section aria-labelledby="portfolio-figures">
          <h2 id="portfolio-figures" className="visually-hidden">
            {t('figures.title')}
          </h2>
          <dl className={tabs.figures} data-testid="portfolio-figures">
            <div>
              <dt>{t('figures.available')}</dt>
              <dd data-figure="available">
                <Money cents={eur?.available_cents ?? 0} currency="EUR" />
              </dd>
            </div>
            <div>
              <dt>{t('figures.reserved')}</dt>
              <dd data-figure="reserved">
                <Money cents={eur?.reserved_cents ?? 0} currency="EUR" />
              </dd>
            </div>
            <div>
              <dt>{t('figures.invested')}</dt>
              <dd data-figure="invested">
                <Money cents={invested} currency="EUR" />
              </dd>
            </div>
          </dl>
        </section>

        <nav className={tabs.tabs} aria-label={t('sections.label')}>
          <ul>
            {PORTFOLIO_SECTIONS.map((s) => (
              <li key={s}>
                <NavLink to={sectionPath(s)} end>
                  {t(`sections.${s}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {children}
      </div>
    </main>
  );
}
