import type { KeyInformationDto } from '@indiesplit/shared/campaigns';
import { useTranslation } from 'react-i18next';
import styles from '../campaigns.module.css';
import { formatAmount, formatDateTime, formatShare } from '../format.ts';

/**
 * The key investment information sheet, from the server's data in the reader's language. The
 * invest screen shows the same component before the investor acknowledges it.
 */
export function KeyInformation({ info }: { info: KeyInformationDto }) {
  const { t, i18n } = useTranslation('campaigns');
  const lang = i18n.language;
  const money = (cents: number) => formatAmount(t, cents, info.currency, lang);
  const reflectionDays = Math.floor(info.reflection_seconds / 86_400);
  const rows: Array<[string, string]> = [
    [t('kiis.owner'), info.project_owner],
    [t('kiis.offer'), t('kiis.offerRevenueShare')],
    [t('kiis.money'), info.currency === 'DEMO' ? t('kiis.demoMoney') : t('kiis.realMoney')],
    [t('kiis.goal'), money(info.goal_cents)],
    [t('kiis.max'), money(info.max_cents)],
    [t('kiis.minTicket'), money(info.min_ticket_cents)],
    [
      t('kiis.share'),
      t('kiis.shareText', { share: formatShare(info.revenue_share_bps, lang), months: info.term_months }),
    ],
    [
      t('kiis.period'),
      t('kiis.periodText', {
        start: formatDateTime(info.starts_at, lang),
        end: formatDateTime(info.deadline_at, lang),
      }),
    ],
    [t('kiis.allOrNothing'), t('kiis.allOrNothingText')],
    [
      t('kiis.reflection'),
      reflectionDays >= 1
        ? t('kiis.reflectionDays', { count: reflectionDays })
        : t('kiis.reflectionMinutes', { count: Math.max(1, Math.round(info.reflection_seconds / 60)) }),
    ],
    [t('kiis.fees'), t('kiis.noFees')],
    [t('kiis.services'), info.services.map((s) => t(`service.${s}`)).join(', ') || t('page.noServices')],
  ];
  return (
    <dl className={styles.kiis}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
