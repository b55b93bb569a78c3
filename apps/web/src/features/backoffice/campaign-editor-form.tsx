import { zodResolver } from '@hookform/resolvers/zod';
import type { BackofficeCampaignDetail } from '@indiesplit/shared/campaigns-backoffice';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useEditCampaign } from '../campaigns/backoffice-api.ts';
import styles from './backoffice.module.css';
import {
  BasicsSection,
  ChosenServicesSection,
  StudioSection,
  TermsSection,
  TextsSection,
} from './campaign-editor-sections.tsx';
import {
  type CampaignEditorValues,
  campaignEditorSchema,
  changesOf,
  formFrom,
  mergeServerChanges,
} from './campaign-editor-values.ts';

// The editable part of the campaign editor: texts in both languages, money terms, dates,
// platforms and services, checked with the shared request's rules and saved as one PATCH of what
// changed. Errors the server gives fields show beside them.

// The schema's platforms and services are the shared enums; the form holds them as strings.
const resolver = zodResolver(campaignEditorSchema, undefined, {
  raw: true,
}) as unknown as Resolver<CampaignEditorValues>;

/** What the status panel uses to show a refused move's field errors beside the fields. */
export interface CampaignEditorHandle {
  showFieldErrors: (err: ApiError | null) => void;
}

export function CampaignEditorForm({
  campaign,
  ref,
}: {
  campaign: BackofficeCampaignDetail;
  ref?: Ref<CampaignEditorHandle>;
}) {
  const { t } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const save = useEditCampaign(campaign.id);
  const [initial, setInitial] = useState(() => formFrom(campaign));
  const form = useForm<CampaignEditorValues>({ resolver, defaultValues: initial });
  const { reset, getValues, setError, clearErrors, handleSubmit, setFocus } = form;
  const current = useWatch({ control: form.control }) as CampaignEditorValues;
  const [serverError, setServerError] = useState<ApiError | null>(null);
  // The fields the server refused, in the form's order: the notice names each one (opening an
  // incomplete campaign lists every missing field, not only the first) and leads to it.
  const [badFields, setBadFields] = useState<Array<keyof CampaignEditorValues>>([]);
  const [saved, setSaved] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The campaign changed on the server (a move, a save): unchanged fields follow it, edits stay.
  const initialRef = useRef(initial);
  useEffect(() => {
    const next = formFrom(campaign);
    const merged = mergeServerChanges(getValues(), initialRef.current, next);
    initialRef.current = next;
    setInitial(next);
    reset(merged, { keepErrors: true });
  }, [campaign, getValues, reset]);

  // Each field error of the server lands on its field; the first one takes the focus.
  const showFieldErrors = (err: ApiError | null): boolean => {
    setServerError(err);
    clearErrors();
    const refused = new Set(Object.keys({ ...err?.fieldMessages, ...err?.fieldCodes }));
    const fields = (Object.keys(initialRef.current) as Array<keyof CampaignEditorValues>).filter(
      (field) => refused.has(field) && err !== null && fieldErrorKey(err, field) !== undefined,
    );
    fields.forEach((field, i) => {
      const key = err ? fieldErrorKey(err, field) : undefined;
      setError(field, { type: 'server', message: key }, { shouldFocus: i === 0 });
    });
    setBadFields(fields);
    return fields.length > 0;
  };
  useImperativeHandle(ref, () => ({ showFieldErrors: (err) => void showFieldErrors(err) }));

  const changes = changesOf(initial, current);
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = handleSubmit(async () => {
    setSaved(false);
    try {
      await save.mutateAsync(changes);
      setServerError(null);
      setBadFields([]);
      setSaved(true);
      focusSoon(() => noticeRef.current);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError({ status: 0, code: 'networkError' });
      if (!showFieldErrors(apiError)) focusSoon(() => noticeRef.current);
    }
  });

  return (
    <FormProvider {...form}>
      <form className={styles.stack} onSubmit={onSubmit} onChange={() => setSaved(false)} noValidate>
        {serverError && (
          <Notice type="error" ref={noticeRef}>
            <p>{errorText(t, serverError, { fallback: 'backoffice:campaigns.saveFailed' })}</p>
            {badFields.length > 0 && (
              <>
                <p>{t('campaigns.badFields', { count: badFields.length })}</p>
                <ul className={styles.badFields}>
                  {badFields.map((field) => (
                    <li key={field}>
                      <Button variant="ghost" size="sm" onClick={() => setFocus(field)}>
                        {t(`campaigns.field.${field}`)}
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Notice>
        )}
        {saved && (
          <Notice type="success" ref={noticeRef}>
            {t('campaigns.saved')}
          </Notice>
        )}
        <BasicsSection frozen={campaign.terms_frozen} />
        <TermsSection campaign={campaign} />
        <TextsSection />
        <StudioSection />
        <ChosenServicesSection />
        <div className={styles.formActions}>
          <Button
            variant="ghost"
            disabled={!dirty || save.isPending}
            onClick={() => {
              reset(initial);
              setServerError(null);
              setBadFields([]);
            }}
          >
            {t('campaigns.discard')}
          </Button>
          <Button type="submit" disabled={!dirty || save.isPending}>
            {save.isPending ? t('campaigns.saving') : t('campaigns.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
