import type { Subscriptions } from '@indiesplit/shared/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Notice, NoticeSlot, useNotice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';
import { saveSubscriptions, subscriptionsQuery, userKeys } from './api.ts';
import styles from './settings.module.css';

const TOPICS = ['newsletter', 'indie_project_updates'] as const;

/** Newsletter and indie-project updates: each switch saves at once. */
export function SubscriptionsSection() {
  const { t } = useTranslation(['settings', 'errors']);
  const queryClient = useQueryClient();
  const notice = useNotice();
  const query = useQuery(subscriptionsQuery());

  const mutation = useMutation({
    mutationFn: saveSubscriptions,
    onMutate: async (next: Subscriptions) => {
      await queryClient.cancelQueries({ queryKey: userKeys.subscriptions });
      const previous = queryClient.getQueryData<Subscriptions>(userKeys.subscriptions);
      queryClient.setQueryData(userKeys.subscriptions, next);
      return { previous };
    },
    onError: (err, _next, context) => {
      if (context?.previous) queryClient.setQueryData(userKeys.subscriptions, context.previous);
      notice.show({
        type: 'error',
        text: errorText(t, err, { fallback: 'settings:subscriptions.saveError' }),
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(userKeys.subscriptions, saved);
      void queryClient.invalidateQueries({ queryKey: userKeys.user, exact: true });
      notice.show({ type: 'success', text: t('errors:subscriptionsUpdated') });
    },
  });

  if (query.isPending) return <Spinner label={t('subscriptions.loading')} />;
  if (query.isError) {
    return (
      <Notice type="error">
        {t('subscriptions.loadError')}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  }

  const current = query.data;
  return (
    <div className={styles.sectionBody}>
      <NoticeSlot notice={notice} className={styles.notice} />
      <fieldset className={styles.switches} aria-busy={mutation.isPending || undefined}>
        <legend className="visually-hidden">{t('subscriptions.title')}</legend>
        {TOPICS.map((topic) => (
          <div key={topic} className={styles.switchCard}>
            <Checkbox
              variant="switch"
              label={t(`subscriptions.${topic}`)}
              description={t(`subscriptions.${topic}Text`)}
              checked={current[topic]}
              disabled={mutation.isPending}
              onChange={(e) => mutation.mutate({ ...current, [topic]: e.target.checked })}
            />
          </div>
        ))}
      </fieldset>
    </div>
  );
}
