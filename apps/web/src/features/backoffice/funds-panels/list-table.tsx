import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import styles from '../backoffice.module.css';
import { LoadError } from '../load-error.tsx';

/**
 * A list of the funds screens: a spinner while it loads, the error with a retry, a notice when it
 * is empty, and otherwise a table of `head` (the header row) and `children` (the rows).
 */
export function ListTable({
  list,
  count,
  caption,
  empty,
  head,
  children,
}: {
  list: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  count: number;
  caption: string;
  empty: string;
  head: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['backoffice', 'errors']);
  if (list.isPending) return <Spinner label={t('loading')} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} adminOnly />;
  if (count === 0) {
    return (
      <Notice type="info" live={false}>
        {empty}
      </Notice>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
