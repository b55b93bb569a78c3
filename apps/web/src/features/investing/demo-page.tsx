import { DEMO_WALLET_CENTS } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { loginPathFor } from '../auth/return-path.ts';
import { useCampaigns } from '../campaigns/api.ts';
import { useOpenDemoWallet, useWallet } from './api.ts';
import { CurrencyBanner } from './currency-banner.tsx';
import { formatDateTime } from './format.ts';
import styles from './investing.module.css';

/** The demo: 10,000 virtual euros, demo campaigns on a fast clock, the whole cycle without risk. */
export default function DemoPage() {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  usePageTitle(t('demo.title'));
  const wallet = useWallet();
  const open = useOpenDemoWallet();
  const campaigns = useCampaigns('live', { currency: 'DEMO' });

  if (wallet.isPending) return <PageSpinner label={t('loading')} />;
  // A visitor reads what the demo is before being asked to log in.
  const visitor = wallet.isError && wallet.error instanceof ApiError && wallet.error.status === 401;
  const demo = wallet.data?.balances.find((b) => b.currency === 'DEMO');
  const opened = demo !== undefined && (demo.posted_cents !== 0 || demo.reserved_cents !== 0);

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('demo.title')}</h1>
          <p className={styles.muted}>{t('demo.intro')}</p>
        </header>
        <CurrencyBanner currency="DEMO" />
        <section className={styles.card} aria-labelledby="demo-wallet">
          <h2 id="demo-wallet" className={styles.cardTitle}>
            {t('demo.wallet')}
          </h2>
          {visitor && (
            <>
              <p>{t('demo.visitor')}</p>
              <div className={styles.actions}>
                <ButtonLink to={loginPathFor(paths.demo)}>{t('demo.logIn')}</ButtonLink>
                <ButtonLink variant="secondary" to={paths.registerWelcome}>
                  {t('demo.signUp')}
                </ButtonLink>
              </div>
            </>
          )}
          {demo && opened && (
            <dl className={styles.facts}>
              <div>
                <dt>{t('portfolio.available')}</dt>
                <dd>
                  <Money cents={demo.available_cents} currency="DEMO" />
                </dd>
              </div>
              <div>
                <dt>{t('portfolio.reserved')}</dt>
                <dd>
                  <Money cents={demo.reserved_cents} currency="DEMO" />
                </dd>
              </div>
            </dl>
          )}
          {open.isError && (
            <Notice type="error">{errorText(t, open.error, { fallback: 'invest:demo.failed' })}</Notice>
          )}
          {open.isSuccess && <Notice type="success">{t('demo.ready')}</Notice>}
          <div className={styles.actions} hidden={visitor}>
            <Button onClick={() => open.mutate()} disabled={open.isPending}>
              {opened ? t('demo.reset') : t('demo.open')}
            </Button>
            <ButtonLink variant="secondary" to={paths.investorProfile}>
              {t('demo.profile')}
            </ButtonLink>
            <ButtonLink variant="ghost" to={paths.portfolio}>
              {t('demo.portfolio')}
            </ButtonLink>
          </div>
          <p className={styles.muted} hidden={visitor}>
            {t('demo.resetHint', { amount: (DEMO_WALLET_CENTS / 100).toLocaleString(i18n.language) })}
          </p>
        </section>
        <section className={styles.card} aria-labelledby="demo-clock">
          <h2 id="demo-clock" className={styles.cardTitle}>
            {t('demo.clockTitle')}
          </h2>
          <ol>
            <li>{t('demo.step1')}</li>
            <li>{t('demo.step2')}</li>
            <li>{t('demo.step3')}</li>
            <li>{t('demo.step4')}</li>
          </ol>
        </section>
        <section className={styles.card} aria-labelledby="demo-campaigns">
          <h2 id="demo-campaigns" className={styles.cardTitle}>
            {t('demo.campaigns')}
          </h2>
          {campaigns.isPending ? (
            <PageSpinner label={t('loading')} />
          ) : campaigns.isError ? (
            <Notice type="error">{errorText(t, campaigns.error, { fallback: 'invest:loadError' })}</Notice>
          ) : campaigns.data.length === 0 ? (
            <p className={styles.muted}>{t('demo.none')}</p>
          ) : (
            <ul className={styles.list}>
              {campaigns.data.map((c) => (
                <li key={c.id} className={styles.row}>
                  <span>
                    <Link to={paths.campaign(c.slug)}>{c.title}</Link>{' '}
                    <span className={styles.muted}>
                      {t('demo.closes', { date: formatDateTime(c.deadline_at, i18n.language) })}
                    </span>
                  </span>
                  <ButtonLink size="sm" to={paths.invest(c.slug)}>
                    {t('demo.invest')}
                  </ButtonLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
