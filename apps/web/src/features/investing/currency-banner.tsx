import type { Currency } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import styles from './investing.module.css';

/** The banner saying which money is in play on this screen. */
export function CurrencyBanner({ currency }: { currency: Currency }) {
  const { t } = useTranslation('invest');
  return (
    <p className={currency === 'DEMO' ? styles.bannerDemo : styles.bannerReal} role="note">
      {currency === 'DEMO' ? t('money.demoBanner') : t('money.realBanner')}
    </p>
  );
}
