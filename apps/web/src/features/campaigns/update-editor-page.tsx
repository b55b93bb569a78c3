import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@indiesplit/shared/constants';
import {
  UPDATE_BODY_MAX,
  UPDATE_TITLE_MAX,
  UPDATE_VISIBILITIES,
  type UpdateDto,
  UpdateRequest,
} from '@indiesplit/shared/updates';
import { useId, useRef, useState } from 'react';
import { type UseFormGetValues, type UseFormSetValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Field, GroupError, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useCampaign } from './api.ts';
import styles from './update-editor.module.css';
import { fetchUpdateSource, uploadUpdateImage, useSaveUpdate, useUpdates } from './updates-api.ts';

// The studio's campaign updates (ADR 0037): post a new one or edit an earlier one, in English
// and/or Italian Markdown, for everyone or for the campaign's investors only. Reached from
// "My campaigns"; the server decides who may post (the campaign's studio) and renders the HTML.

type Values = z.input<typeof UpdateRequest>;
const resolver = zodResolver(UpdateRequest, undefined, { raw: true });
const EMPTY: Values = { visibility: 'public', title_en: '', body_en: '', title_it: '', body_it: '' };
const FIELDS = ['visibility', 'title_en', 'body_en', 'title_it', 'body_it'] as const;
const LANGS = ['en', 'it'] as const;

export default function UpdateEditorPage() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation(['notifications', 'errors']);
  const campaign = useCampaign(slug);
  const title = campaign.data?.title ?? slug;
  usePageTitle(t('editor.title', { title }));
  const [editing, setEditing] = useState<{ id: string; values: Values } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<'posted' | 'edited' | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);

  const startEdit = async (update: UpdateDto) => {
    setSaved(null);
    setLoadError(null);
    try {
      const { source } = await fetchUpdateSource(slug, update.id);
      if (!source) throw new ApiError({ status: 403, code: 'updateNotAllowed' });
      setEditing({
        id: source.id,
        values: {
          visibility: source.visibility,
          title_en: source.title_en,
          body_en: source.body_en,
          title_it: source.title_it,
          body_it: source.body_it,
        },
      });
      setFormKey((k) => k + 1);
    } catch (err) {
      setLoadError(err);
    }
  };

  const done = (how: 'posted' | 'edited') => {
    setSaved(how);
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <p>
          <Link to={paths.myCampaigns}>{t('editor.back')}</Link>
        </p>
        <h1 className={styles.title}>{t('editor.title', { title })}</h1>
        <p className={styles.muted}>{t('editor.intro')}</p>
        {saved && (
          <Notice type="success">
            {t(saved === 'posted' ? 'editor.posted' : 'editor.edited')}{' '}
            <Link to={`${paths.campaign(slug)}#updates`}>{t('editor.seeIt')}</Link>
          </Notice>
        )}
        {loadError !== null && (
          <Notice type="error">
            {errorText(t, loadError, { fallback: 'notifications:editor.loadSourceError' })}
          </Notice>
        )}
        <UpdateForm
          key={formKey}
          slug={slug}
          editing={editing}
          onSaved={done}
          onCancel={() => {
            setEditing(null);
            setFormKey((k) => k + 1);
          }}
        />
        <EarlierUpdates slug={slug} lang={i18n.language.slice(0, 2)} onEdit={startEdit} />
      </div>
    </main>
  );
}

interface FormProps {
  slug: string;
  editing: { id: string; values: Values } | null;
  onSaved: (how: 'posted' | 'edited') => void;
  onCancel: () => void;
}

function UpdateForm({ slug, editing, onSaved, onCancel }: FormProps) {
  const { t } = useTranslation(['notifications', 'errors']);
  const ids = useId();
  const save = useSaveUpdate(slug);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<Values>({ resolver, defaultValues: editing?.values ?? EMPTY });

  const submit = handleSubmit((values) => {
    save.mutate(
      { id: editing?.id ?? null, values: UpdateRequest.parse(values) },
      {
        onSuccess: () => onSaved(editing ? 'edited' : 'posted'),
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          for (const name of FIELDS) {
            const key = fieldErrorKey(err, name);
            if (key) setError(name, { type: 'server', message: key });
          }
        },
      },
    );
  });

  const text = (name: (typeof FIELDS)[number]) => validationText(t, errors[name]?.message);
  const heading = editing ? t('editor.editTitle') : t('editor.newTitle');

  return (
    <section className={styles.card} aria-labelledby={`${ids}-form`}>
      <h2 id={`${ids}-form`} className={styles.cardTitle}>
        {heading}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError && (
          <Notice type="error">
            {errorText(t, save.error, { fallback: 'notifications:editor.saveError' })}
          </Notice>
        )}
        <fieldset className={styles.group}>
          <legend>{t('editor.visibility')}</legend>
          {UPDATE_VISIBILITIES.map((v) => (
            <label key={v} className={styles.radio}>
              <input type="radio" value={v} {...register('visibility')} />
              <span>
                <strong>{t(`editor.visibilityOption.${v}`)}</strong>
                <span className={styles.muted}> — {t(`editor.visibilityHint.${v}`)}</span>
              </span>
            </label>
          ))}
          {text('visibility') && <GroupError id={`${ids}-visibility`}>{text('visibility')}</GroupError>}
        </fieldset>
        <p className={styles.muted}>{t('editor.languagesHint')}</p>
        {LANGS.map((lang) => (
          <fieldset key={lang} className={styles.group}>
            <legend>{t(`editor.language.${lang}`)}</legend>
            <Field
              label={t('editor.titleLabel')}
              maxLength={UPDATE_TITLE_MAX}
              error={text(`title_${lang}`)}
              lang={lang}
              {...register(`title_${lang}`)}
            />
            <TextAreaField
              label={t('editor.bodyLabel')}
              hint={t('editor.bodyHint')}
              rows={10}
              maxLength={UPDATE_BODY_MAX}
              error={text(`body_${lang}`)}
              lang={lang}
              {...register(`body_${lang}`)}
            />
            <ImageButton slug={slug} lang={lang} getValues={getValues} setValue={setValue} />
          </fieldset>
        ))}
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {editing ? t('editor.saveEdit') : t('editor.post')}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onCancel}>
              {t('editor.cancelEdit')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

/** Uploads an image (checked here first, re-encoded by the server) and adds it to the body. */
function ImageButton({
  slug,
  lang,
  getValues,
  setValue,
}: {
  slug: string;
  lang: 'en' | 'it';
  getValues: UseFormGetValues<Values>;
  setValue: UseFormSetValue<Values>;
}) {
  const { t } = useTranslation(['notifications', 'errors']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) {
      setError(t('errors:invalidImage'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('errors:imageTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const { url } = await uploadUpdateImage(slug, file);
      const body = getValues(`body_${lang}`) ?? '';
      const image = `![${t('editor.imageAlt')}](${url})`;
      setValue(`body_${lang}`, body.trim() === '' ? image : `${body.trimEnd()}\n\n${image}`, {
        shouldDirty: true,
      });
    } catch (err) {
      setError(errorText(t, err, { fallback: 'notifications:editor.imageError' }));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={styles.image}>
      <label htmlFor={id}>{t('editor.addImage')}</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={AVATAR_MIME_TYPES.join(',')}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {busy && <span className={styles.muted}>{t('editor.uploading')}</span>}
      {error && <GroupError id={`${id}-error`}>{error}</GroupError>}
    </div>
  );
}

/** The campaign's updates as the studio sees them (investors-only ones included), to edit one. */
function EarlierUpdates({
  slug,
  lang,
  onEdit,
}: {
  slug: string;
  lang: string;
  onEdit: (update: UpdateDto) => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const list = useUpdates(slug, page, lang);
  return (
    <section className={styles.card} aria-labelledby="earlier-updates">
      <h2 id="earlier-updates" className={styles.cardTitle}>
        {t('editor.earlier')}
      </h2>
      {list.isError && <Notice type="error">{t('updates.loadError')}</Notice>}
      {list.data?.results.length === 0 && <p className={styles.muted}>{t('updates.none')}</p>}
      {list.data && list.data.results.length > 0 && (
        <ul className={styles.list}>
          {list.data.results.map((u) => (
            <li key={u.id} className={styles.item} data-testid="studio-update">
              <span>
                <strong>{u.title}</strong>{' '}
                <span className={styles.muted}>
                  {formatDate(u.created_at, i18n.language)}
                  {u.visibility === 'investors' && ` · ${t('updates.investorsOnly')}`}
                  {u.edited_at && ` · ${t('updates.edited')}`}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onEdit(u)}
                aria-label={t('editor.editLabel', { title: u.title })}
              >
                {t('editor.edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.pages > 1 && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('updates.previous')}
          </Button>
          <span>{t('updates.page', { page: list.data.page, pages: list.data.pages })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= list.data.pages}
            onClick={() => setPage(page + 1)}
          >
            {t('updates.next')}
          </Button>
        </div>
      )}
    </section>
  );
}
