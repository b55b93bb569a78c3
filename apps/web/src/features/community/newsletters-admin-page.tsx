import { NEWS_BODY_MAX, type NewsletterDraftRequest, type NewsletterDto } from '@indiesplit/shared/news';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Field, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useNewsletterAction, useNewsletterPreview, useNewsletters, useSaveNewsletter } from './api.ts';
import styles from './community.module.css';

const EMPTY: NewsletterDraftRequest = { subject_en: '', subject_it: '', body_en: '', body_it: '' };

/** Back office: compose, preview, test and send newsletters to the members who opted in. */
export default function NewslettersAdminPage() {
  const { t, i18n } = useTranslation(['community', 'errors']);
  usePageTitle(t('admin.newsletter.title'));
  const list = useNewsletters();
  const [editing, setEditing] = useState<NewsletterDto | 'new' | null>(null);
  return (
    <div className={styles.section}>
      <h1>{t('admin.newsletter.title')}</h1>
      <p className={styles.muted}>{t('admin.newsletter.intro')}</p>
      {editing ? (
        <NewsletterEditor item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('admin.newsletter.new')}
        </Button>
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Notice type="error">
          <p>{errorText(t, list.error, { fallback: 'community:loadError' })}</p>
        </Notice>
      ) : (
        <ul className={styles.threads} aria-label={t('admin.newsletter.list')}>
          {list.data.map((n) => (
            <li key={n.id} className={styles.thread}>
              <p className={styles.tags}>
                <span className={styles.badge}>{t(`admin.newsletter.status.${n.status}`)}</span>
                <strong>{n.subject_en}</strong>
                {n.sent_at &&
                  t('admin.newsletter.sentTo', {
                    count: n.recipients,
                    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                      new Date(n.sent_at),
                    ),
                  })}
              </p>
              {n.status === 'draft' && (
                <Button variant="secondary" size="sm" onClick={() => setEditing(n)}>
                  {t('admin.edit')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NewsletterEditor({ item, onDone }: { item: NewsletterDto | null; onDone: () => void }) {
  const { t } = useTranslation(['community', 'errors']);
  const save = useSaveNewsletter();
  const action = useNewsletterAction();
  const [draft, setDraft] = useState<NewsletterDraftRequest>(
    item
      ? {
          subject_en: item.subject_en,
          subject_it: item.subject_it,
          body_en: item.body_en,
          body_it: item.body_it,
        }
      : EMPTY,
  );
  const [saved, setSaved] = useState<NewsletterDto | null>(item);
  const [language, setLanguage] = useState<'en' | 'it'>('en');
  const [done, setDone] = useState<string | null>(null);
  const preview = useNewsletterPreview(saved?.id ?? null, language);
  const err = save.error instanceof ApiError ? save.error : null;
  const field = (name: keyof NewsletterDraftRequest) => ({
    value: draft[name] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
    error: err ? fieldErrorText(t, err, name) : undefined,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    save.mutate(
      { ...(saved ? { id: saved.id } : {}), body: draft },
      {
        onSuccess: (row) => {
          setSaved(row);
          void preview.refetch();
        },
      },
    );
  };
  const run = (kind: 'test' | 'send') => {
    if (!saved) return;
    if (kind === 'send' && !window.confirm(t('admin.newsletter.confirmSend'))) return;
    action.mutate(
      { id: saved.id, action: kind },
      {
        onSuccess: () =>
          setDone(kind === 'test' ? t('admin.newsletter.testSent') : t('admin.newsletter.sending')),
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field label={t('admin.newsletter.subjectEn')} {...field('subject_en')} />
      <Field label={t('admin.newsletter.subjectIt')} {...field('subject_it')} />
      <TextAreaField
        label={t('admin.newsletter.bodyEn')}
        rows={8}
        maxLength={NEWS_BODY_MAX}
        hint={t('admin.markdown')}
        {...field('body_en')}
      />
      <TextAreaField
        label={t('admin.newsletter.bodyIt')}
        rows={8}
        maxLength={NEWS_BODY_MAX}
        hint={t('admin.markdown')}
        {...field('body_it')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={!saved || action.isPending}
          onClick={() => run('test')}
        >
          {t('admin.newsletter.test')}
        </Button>
        <Button
          type="button"
          variant="danger"
          size="sm"
          disabled={!saved || action.isPending}
          onClick={() => run('send')}
        >
          {t('admin.newsletter.send')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('admin.close')}
        </Button>
      </div>
      {done && (
        <Notice type="success">
          <p>{done}</p>
        </Notice>
      )}
      {action.isError && (
        <Notice type="error">
          <p>{errorText(t, action.error, { fallback: 'community:postError' })}</p>
        </Notice>
      )}
      {saved && preview.data && (
        <section aria-label={t('admin.preview')}>
          <h2>{t('admin.preview')}</h2>
          <div className={styles.actions}>
            <Button
              type="button"
              size="sm"
              variant={language === 'en' ? 'primary' : 'ghost'}
              onClick={() => setLanguage('en')}
            >
              English
            </Button>
            <Button
              type="button"
              size="sm"
              variant={language === 'it' ? 'primary' : 'ghost'}
              onClick={() => setLanguage('it')}
            >
              Italiano
            </Button>
          </div>
          <p>
            <strong>{preview.data.subject}</strong>
          </p>
          <iframe
            title={t('admin.preview')}
            sandbox=""
            srcDoc={preview.data.html}
            style={{ width: '100%', minHeight: '24rem', border: '1px solid var(--color-border)' }}
          />
        </section>
      )}
    </form>
  );
}
