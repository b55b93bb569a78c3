import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { countryName } from '../../components/country-options.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { type KybFilter, useKybList } from '../kyb/api.ts';
import styles from './backoffice.module.css';
import { LoadError } from './load-error.tsx';

// Studios' verifications (KYB, ECSP Art 5; ADR 0036), waiting ones first by default; each opens
// its detail, where an admin approves or refuses it.

const FILTERS: KybFilter[] = ['submitted', 'approved', 'refused', 'all'];

export default function KybListPage() {
  const { t, i18n } = useTranslation(['kyb', 'backoffice', 'errors']);
  usePageTitle(t('backoffice.title'));
  const [params, setParams] = useSearchParams();
  const raw = params.get('show') as KybFilter | null;
  const filter: KybFilter = raw && FILTERS.includes(raw) ? raw : 'submitted';
  const list = useKybList(filter);
  const lang = i18n.language;

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('backoffice.title')}</h1>
        <p className={styles.muted}>{t('backoffice.intro')}</p>
      </header>
      <div className={styles.formActions}>
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'primary' : 'secondary'}
            aria-pressed={f === filter}
            onClick={() => setParams(f === 'submitted' ? {} : { show: f })}
          >
            {t(`backoffice.filter.${f}`)}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} adminOnly />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('backoffice.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('backoffice.legalName')}</th>
                <th scope="col">{t('backoffice.studio')}</th>
                <th scope="col">{t('backoffice.country')}</th>
                <th scope="col">{t('backoffice.decision')}</th>
                <th scope="col">{t('backoffice.sentOn')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('backoffice.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((k) => (
                <tr key={k.id}>
                  <td className={styles.cellMain}>{k.legal_name}</td>
                  <td>
                    <div className={styles.cellMain}>{k.studio.username}</div>
                    <div className={styles.cellSub}>{k.studio.email}</div>
                  </td>
                  <td>{countryName(k.country, lang)}</td>
                  <td>
                    {t(`decision.${k.decision}`)}
                    {k.valid_until && (
                      <div className={styles.cellSub}>
                        {t(
                          new Date(k.valid_until) > new Date()
                            ? 'backoffice.validUntil'
                            : 'backoffice.expired',
                          {
                            date: formatDate(k.valid_until, lang),
                          },
                        )}
                      </div>
                    )}
                  </td>
                  <td>{formatDate(k.submitted_at, lang)}</td>
                  <td>
                    <Link
                      to={paths.backofficeKyb(k.id)}
                      aria-label={t('backoffice.openLabel', { name: k.legal_name })}
                    >
                      {t('backoffice.open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
