import type { Currency } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import { formatEuro } from './format.ts';
import styles from './investing.module.css';

/** An amount with its kind of money always visible: real euros or demo (virtual) euros. */
export function Money({ cents, currency }: { cents: number; currency: Currency }) {
  const { t, i18n } = useTranslation('invest');
  return (
    <span className={styles.money}>
      {formatEuro(cents, i18n.language)}
      {currency === 'DEMO' && <span className={styles.demoTag}>{t('money.demoTag')}</span>}
    </span>
  );
}

/** The banner saying which money is in play on this screen. */
export function CurrencyBanner({ currency }: { currency: Currency }) {
  const { t } = useTranslation('invest');
  return (
    <p className={currency === 'DEMO' ? styles.bannerDemo : styles.bannerReal} role="note">
      {currency === 'DEMO' ? t('money.demoBanner') : t('money.realBanner')}
    </p>
  );
}
