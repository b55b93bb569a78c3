import {
  DELIVERIES,
  type Delivery,
  type NotificationPreferencesResponse,
  type NotificationType,
} from '@indiesplit/shared/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { SelectField } from '../../components/field.tsx';
import { Notice, NoticeSlot, useNotice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { apiRequest } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import styles from './settings.module.css';

// Settings → Notifications (ADR 0037): how each type of notification reaches the member by email,
// at once, in a daily digest or not at all. Security and legally required types are always sent
// at once: the server marks them locked and they are shown without a choice. Each change saves.

const KEY = ['notification-preferences'] as const;
const PATH = '/notifications/preferences/';

const fetchPreferences = (signal?: AbortSignal) =>
  apiRequest<NotificationPreferencesResponse>(PATH, { signal });
const savePreference = (type: NotificationType, delivery: Delivery) =>
  apiRequest<NotificationPreferencesResponse>(PATH, {
    method: 'PUT',
    json: { preferences: [{ type, delivery }] },
  });

export function NotificationPreferences() {
  const { t } = useTranslation(['settings', 'errors']);
  const client = useQueryClient();
  const notice = useNotice();
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchPreferences(signal) });

  const mutation = useMutation({
    mutationFn: ({ type, delivery }: { type: NotificationType; delivery: Delivery }) =>
      savePreference(type, delivery),
    onMutate: async ({ type, delivery }) => {
      await client.cancelQueries({ queryKey: KEY });
      const previous = client.getQueryData<NotificationPreferencesResponse>(KEY);
      if (previous)
        client.setQueryData<NotificationPreferencesResponse>(KEY, {
          preferences: previous.preferences.map((p) => (p.type === type ? { ...p, delivery } : p)),
        });
      return { previous };
    },
    onError: (err, _vars, context) => {
      if (context?.previous) client.setQueryData(KEY, context.previous);
      notice.show({
        type: 'error',
        text: errorText(t, err, { fallback: 'settings:notifications.saveError' }),
      });
    },
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      notice.show({ type: 'success', text: t('notifications.saved') });
    },
  });

  if (query.isPending) return <Spinner label={t('notifications.loading')} />;
  if (query.isError)
    return (
      <Notice type="error">
        {t('notifications.loadError')}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );

  return (
    <div className={styles.sectionBody}>
      <NoticeSlot notice={notice} className={styles.notice} />
      <ul className={styles.switches} aria-busy={mutation.isPending || undefined}>
        {query.data.preferences.map((p) => (
          <li key={p.type} className={styles.switchCard} data-testid={`preference-${p.type}`}>
            {p.locked ? (
              <div>
                <p>
                  <strong>{t(`notifications.types.${p.type}`)}</strong>
                </p>
                <p>{t('notifications.locked')}</p>
              </div>
            ) : (
              <SelectField
                label={t(`notifications.types.${p.type}`)}
                value={p.delivery}
                disabled={mutation.isPending}
                onChange={(e) => mutation.mutate({ type: p.type, delivery: e.target.value as Delivery })}
              >
                {DELIVERIES.map((d) => (
                  <option key={d} value={d}>
                    {t(`notifications.delivery.${d}`)}
                  </option>
                ))}
              </SelectField>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
