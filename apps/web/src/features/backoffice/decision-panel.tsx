import {
  canMovePitch,
  DECISIONS,
  type Decision,
  type PitchStatus,
  REVIEW_COMMENT_MAX,
} from '@indiesplit/shared/pitches';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { GroupError, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useDecidePitch } from './api.ts';
import styles from './backoffice.module.css';
import { ConfirmBox } from './confirm-box.tsx';

const TARGET: Record<Decision, PitchStatus> = {
  request_changes: 'changes_requested',
  reject: 'rejected',
  approve: 'approved',
};

/** The decisions the pitch's status allows now, in the panel's order. */
export function allowedDecisions(status: PitchStatus): Decision[] {
  return DECISIONS.filter((d) => canMovePitch(status, TARGET[d]));
}

export const needsMessage = (decision: Decision) => decision !== 'approve';

/**
 * The admin's decision on a pitch: request changes or reject (with a message for the developer),
 * or approve (which opens a campaign draft). Nothing is sent before an explicit confirmation.
 */
export function DecisionPanel({
  pitchId,
  projectName,
  status,
}: {
  pitchId: string;
  projectName: string;
  status: PitchStatus;
}) {
  const { t } = useTranslation(['backoffice', 'errors']);
  const decide = useDecidePitch(pitchId);
  const allowed = allowedDecisions(status);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<'choose' | 'message' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; campaignId?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const notice = result && (
    <Notice type={result.ok ? 'success' : 'error'} ref={noticeRef}>
      {result.text}
      {result.campaignId && (
        <>
          {' '}
          <Link to={paths.backofficeCampaign(result.campaignId)}>{t('decision.openDraft')}</Link>
        </>
      )}
    </Notice>
  );

  // A decided pitch has nothing left to decide; the notice of the decision just taken stays.
  if (allowed.length === 0) {
    return (
      <div className={styles.decision}>
        {notice}
        <p className={styles.muted}>{t('decision.closed')}</p>
      </div>
    );
  }

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!decision) {
      setProblem('choose');
      focusSoon(() => formRef.current?.querySelector<HTMLElement>('input[name="decision"]'));
      return;
    }
    if (needsMessage(decision) && message.trim() === '') {
      setProblem('message');
      focusSoon(() => formRef.current?.querySelector<HTMLElement>('textarea'));
      return;
    }
    setProblem(null);
    setConfirming(true);
  };

  const onConfirm = async () => {
    if (!decision) return;
    try {
      const res = await decide.mutateAsync({ decision, message: message.trim() });
      setConfirming(false);
      // An approval opens the campaign draft: the admin goes straight on to it from here.
      const campaignId = decision === 'approve' ? res?.campaign_id : null;
      setResult(
        campaignId
          ? { ok: true, text: t('decision.approvedWithCampaign'), campaignId }
          : { ok: true, text: t(`decision.done.${decision}`) },
      );
      setDecision(null);
      setMessage('');
    } catch (err) {
      setConfirming(false);
      setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:decision.failed' }) });
    }
    focusSoon(() => noticeRef.current);
  };

  return (
    <form ref={formRef} className={styles.decision} onSubmit={onContinue} noValidate>
      {notice}
      <fieldset
        className={styles.choiceGroup}
        disabled={confirming || decide.isPending}
        aria-describedby={problem === 'choose' ? 'decision-error' : undefined}
      >
        <legend className={styles.rubricLegend}>{t('decision.choose')}</legend>
        {allowed.map((d) => (
          <label key={d} className={styles.choice}>
            <input
              type="radio"
              name="decision"
              value={d}
              checked={decision === d}
              onChange={() => {
                setDecision(d);
                setProblem(null);
              }}
            />
            <span>
              <strong>{t(`decision.options.${d}`)}</strong>
              <span className={styles.choiceText}>{t(`decision.optionsText.${d}`)}</span>
            </span>
          </label>
        ))}
        {problem === 'choose' && <GroupError id="decision-error">{t('decision.chooseRequired')}</GroupError>}
      </fieldset>
      <TextAreaField
        label={t('decision.message')}
        hint={decision && !needsMessage(decision) ? t('decision.messageOptional') : t('decision.messageHint')}
        required={decision ? needsMessage(decision) : true}
        rows={4}
        maxLength={REVIEW_COMMENT_MAX}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          if (problem === 'message') setProblem(null);
        }}
        error={problem === 'message' ? t('errors:messageRequired') : undefined}
        disabled={confirming || decide.isPending}
      />
      {!confirming ? (
        <div className={styles.formActions}>
          <Button type="submit">{t('decision.continue')}</Button>
        </div>
      ) : (
        decision && (
          <ConfirmBox
            variant={decision === 'approve' ? 'primary' : 'danger'}
            confirmLabel={t(`decision.confirmButton.${decision}`)}
            pendingLabel={t('decision.sending')}
            pending={decide.isPending}
            onConfirm={() => void onConfirm()}
            onCancel={() => {
              setConfirming(false);
              focusSoon(() => formRef.current?.querySelector<HTMLElement>('button[type="submit"]'));
            }}
          >
            {t(`decision.confirm.${decision}`, { project: projectName })}
          </ConfirmBox>
        )
      )}
    </form>
  );
}
