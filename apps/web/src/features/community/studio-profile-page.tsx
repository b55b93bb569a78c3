import { STUDIO_BIO_MAX, STUDIO_LINKS_MAX, type StudioProfileRequest } from '@indiesplit/shared/community';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Field, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useMyStudioProfile, useSaveStudioProfile, useStudioLogo } from './api.ts';
import styles from './community.module.css';

type Links = Array<{ label: string; url: string }>;

/** /studio-profile — a studio edits its public page: bio, links and logo. */
export default function StudioProfilePage() {
  const { t } = useTranslation(['community', 'errors']);
  usePageTitle(t('studio.edit.title'));
  const mine = useMyStudioProfile();
  const save = useSaveStudioProfile();
  const logo = useStudioLogo();
  const [bio, setBio] = useState('');
  const [links, setLinks] = useState<Links>([]);
  useEffect(() => {
    if (mine.data) {
      setBio(mine.data.bio);
      setLinks(mine.data.links);
    }
  }, [mine.data]);
  if (mine.isPending) return <PageSpinner label={t('loading')} />;
  const err = save.error instanceof ApiError ? save.error : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: StudioProfileRequest = { bio, links: links.filter((l) => l.label || l.url) };
    save.mutate(body);
  };
  const setLink = (i: number, part: 'label' | 'url', value: string) =>
    setLinks((all) => all.map((l, j) => (j === i ? { ...l, [part]: value } : l)));
  return (
    <main id="main" className="container">
      <form className={styles.form} onSubmit={submit} noValidate>
        <h1>{t('studio.edit.title')}</h1>
        {mine.data && (
          <p className={styles.muted}>
            <Link to={paths.studio(mine.data.username)}>{t('studio.edit.view')}</Link>
          </p>
        )}
        <TextAreaField
          label={t('studio.edit.bio')}
          value={bio}
          rows={6}
          maxLength={STUDIO_BIO_MAX}
          onChange={(e) => setBio(e.target.value)}
          error={err ? fieldErrorText(t, err, 'bio') : undefined}
        />
        <fieldset className={styles.form}>
          <legend>{t('studio.edit.links')}</legend>
          {links.map((link, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
            <div key={i} className={styles.actions}>
              <Field
                label={t('studio.edit.linkLabel')}
                value={link.label}
                onChange={(e) => setLink(i, 'label', e.target.value)}
              />
              <Field
                label={t('studio.edit.linkUrl')}
                type="url"
                value={link.url}
                onChange={(e) => setLink(i, 'url', e.target.value)}
              />
            </div>
          ))}
          {err && fieldErrorText(t, err, 'links') && (
            <p role="alert" className={styles.hiddenNote}>
              {fieldErrorText(t, err, 'links')}
            </p>
          )}
          {links.length < STUDIO_LINKS_MAX && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setLinks((l) => [...l, { label: '', url: '' }])}
            >
              {t('studio.edit.addLink')}
            </Button>
          )}
        </fieldset>
        <label>
          {t('studio.edit.logo')}{' '}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) logo.mutate(file);
            }}
          />
        </label>
        {mine.data?.logo_url && (
          <img src={mine.data.logo_url} alt="" width={96} height={96} className={styles.logo} />
        )}
        {logo.isError && (
          <Notice type="error">
            <p>{errorText(t, logo.error, { fallback: 'errors:invalidImage' })}</p>
          </Notice>
        )}
        {save.isSuccess && (
          <Notice type="success">
            <p>{t('admin.saved')}</p>
          </Notice>
        )}
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
      </form>
    </main>
  );
}
