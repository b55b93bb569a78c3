import type { Currency } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '../../lib/format.ts';
import styles from './revenue.module.css';

/** An amount with its kind of money always visible: real euros, or demo (virtual) euros tagged DEMO. */
export function Money({ cents, currency }: { cents: number; currency: Currency }) {
  const { t, i18n } = useTranslation('revenue');
  return (
    <span className={styles.money}>
      {formatEuroCents(cents, i18n.language)}
      {currency === 'DEMO' && <span className={styles.demoTag}>{t('money.demoTag')}</span>}
    </span>
  );
}
