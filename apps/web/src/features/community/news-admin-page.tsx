import { type BackofficeNewsDto, NEWS_BODY_MAX, type NewsDraftRequest } from '@indiesplit/shared/news';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Field, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { SanitisedHtml } from '../../components/sanitised-html.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useBackofficeNews, useNewsImage, usePublishNews, useSaveNews } from './api.ts';
import styles from './community.module.css';

const EMPTY: NewsDraftRequest = { title_en: '', title_it: '', body_en: '', body_it: '' };

/** Back office: news in English and Italian, drafts and published (ADR 0038). */
export default function NewsAdminPage() {
  const { t } = useTranslation(['community', 'errors']);
  usePageTitle(t('admin.news.title'));
  const news = useBackofficeNews();
  const [editing, setEditing] = useState<BackofficeNewsDto | 'new' | null>(null);
  return (
    <div className={styles.section}>
      <h1>{t('admin.news.title')}</h1>
      {editing ? (
        <NewsEditor item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('admin.news.new')}
        </Button>
      )}
      {news.isPending ? (
        <Spinner />
      ) : news.isError ? (
        <Notice type="error">
          <p>{errorText(t, news.error, { fallback: 'community:loadError' })}</p>
        </Notice>
      ) : (
        <ul className={styles.threads} aria-label={t('admin.news.list')}>
          {news.data.map((item) => (
            <li key={item.id} className={styles.thread}>
              <p className={styles.tags}>
                <span className={styles.badge}>{t(`admin.news.status.${item.status}`)}</span>
                <strong>{item.title_en}</strong> · {item.title_it}
              </p>
              <div className={styles.actions}>
                <Button variant="secondary" size="sm" onClick={() => setEditing(item)}>
                  {t('admin.edit')}
                </Button>
                <PublishButton item={item} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PublishButton({ item }: { item: BackofficeNewsDto }) {
  const { t } = useTranslation('community');
  const publish = usePublishNews();
  const published = item.status === 'published';
  return (
    <Button
      size="sm"
      variant={published ? 'ghost' : 'primary'}
      disabled={publish.isPending}
      onClick={() => publish.mutate({ id: item.id, published: !published })}
    >
      {published ? t('admin.news.unpublish') : t('admin.news.publish')}
    </Button>
  );
}

function NewsEditor({ item, onDone }: { item: BackofficeNewsDto | null; onDone: () => void }) {
  const { t } = useTranslation(['community', 'errors']);
  const save = useSaveNews();
  const image = useNewsImage();
  const [draft, setDraft] = useState<NewsDraftRequest>(
    item
      ? { title_en: item.title_en, title_it: item.title_it, body_en: item.body_en, body_it: item.body_it }
      : EMPTY,
  );
  const [saved, setSaved] = useState<BackofficeNewsDto | null>(item);
  const err = save.error instanceof ApiError ? save.error : null;
  const field = (name: keyof NewsDraftRequest) => ({
    value: draft[name] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
    error: err ? fieldErrorText(t, err, name) : undefined,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...(saved ? { id: saved.id } : {}), body: draft }, { onSuccess: (row) => setSaved(row) });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field label={t('admin.news.titleEn')} {...field('title_en')} />
      <Field label={t('admin.news.titleIt')} {...field('title_it')} />
      <TextAreaField
        label={t('admin.news.bodyEn')}
        rows={8}
        maxLength={NEWS_BODY_MAX}
        hint={t('admin.markdown')}
        {...field('body_en')}
      />
      <TextAreaField
        label={t('admin.news.bodyIt')}
        rows={8}
        maxLength={NEWS_BODY_MAX}
        hint={t('admin.markdown')}
        {...field('body_it')}
      />
      {saved && (
        <label>
          {t('admin.news.image')}{' '}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) image.mutate({ id: saved.id, file }, { onSuccess: (row) => setSaved(row) });
            }}
          />
        </label>
      )}
      {image.isError && (
        <Notice type="error">
          <p>{errorText(t, image.error, { fallback: 'errors:invalidImage' })}</p>
        </Notice>
      )}
      {saved && (
        <section aria-label={t('admin.preview')}>
          <h2>{t('admin.preview')}</h2>
          {saved.image_url && <img src={saved.image_url} alt="" style={{ maxWidth: '20rem' }} />}
          <SanitisedHtml html={saved.html_en} />
        </section>
      )}
      {save.isSuccess && (
        <Notice type="success">
          <p>{t('admin.saved')}</p>
        </Notice>
      )}
      {save.isError && !err?.fieldCodes && (
        <Notice type="error">
          <p>{errorText(t, save.error, { fallback: 'community:postError' })}</p>
        </Notice>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('admin.close')}
        </Button>
      </div>
    </form>
  );
}
