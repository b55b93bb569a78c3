import { formatMoney } from '@indiesplit/shared/money';
import type { Currency } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import styles from './surfaces.module.css';

/**
 * An amount with its kind of money always visible: real euros, or demo (virtual) euros tagged
 * DEMO. Always with the cents ("€1,250.00"), in the reader's language.
 */
export function Money({ cents, currency }: { cents: number; currency: Currency }) {
  const { t, i18n } = useTranslation('common');
  return (
    <span className={styles.money}>
      {formatMoney(cents, currency, i18n.language)}
      {currency === 'DEMO' && <span className={styles.demoTag}>{t('money.demoTag')}</span>}
    </span>
  );
}
