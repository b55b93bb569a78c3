import type { StaffUserDto } from '@indiesplit/shared/pitches';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useAssignReviewer, useStaff, useUnassignReviewer } from './api.ts';
import styles from './backoffice.module.css';

/** Admin: who reviews this pitch. The first assignment puts a submitted pitch in review. */
export function AssignmentsPanel({
  pitchId,
  assigned,
  closed,
}: {
  pitchId: string;
  assigned: StaffUserDto[];
  /** A decided pitch keeps its reviewers as they were. */
  closed: boolean;
}) {
  const { t } = useTranslation(['backoffice', 'errors']);
  const staff = useStaff(!closed);
  const assign = useAssignReviewer(pitchId);
  const unassign = useUnassignReviewer(pitchId);
  const [choice, setChoice] = useState('');
  const [selectError, setSelectError] = useState<string | undefined>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const assignedIds = new Set(assigned.map((a) => a.id));
  const candidates = (staff.data ?? []).filter((s) => !assignedIds.has(s.id));
  const busy = assign.isPending || unassign.isPending;

  const report = (ok: boolean, text: string) => {
    setResult({ ok, text });
    if (!ok) focusSoon(() => noticeRef.current);
  };

  const onAssign = async (event: FormEvent) => {
    event.preventDefault();
    const person = candidates.find((c) => c.id === choice);
    if (!person) {
      setSelectError(t('assign.chooseRequired'));
      focusSoon(() => selectRef.current);
      return;
    }
    setSelectError(undefined);
    try {
      await assign.mutateAsync(person.id);
      setChoice('');
      report(true, t('assign.assigned', { username: person.username }));
    } catch (err) {
      report(false, errorText(t, err, { fallback: 'backoffice:assign.failed' }));
    }
  };

  const onRemove = async (person: StaffUserDto) => {
    try {
      await unassign.mutateAsync(person.id);
      report(true, t('assign.removed', { username: person.username }));
      focusSoon(() => selectRef.current);
    } catch (err) {
      report(false, errorText(t, err, { fallback: 'backoffice:assign.failed' }));
    }
  };

  return (
    <div className={styles.stack}>
      {result && (
        <Notice type={result.ok ? 'success' : 'error'} ref={noticeRef}>
          {result.text}
        </Notice>
      )}
      {assigned.length === 0 ? (
        <p className={styles.muted}>{t('assign.none')}</p>
      ) : (
        <ul className={styles.people}>
          {assigned.map((person) => (
            <li key={person.id} className={styles.person}>
              <span>
                <strong>{person.username}</strong>
                <span className={styles.cellSub}>
                  {person.name ? `${person.name} · ` : ''}
                  {t(`roles.${person.role}`)}
                </span>
              </span>
              {!closed && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => void onRemove(person)}
                  aria-label={t('assign.removeLabel', { username: person.username })}
                >
                  {t('assign.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!closed && (
        <form className={styles.inlineForm} onSubmit={(e) => void onAssign(e)} noValidate>
          <SelectField
            ref={selectRef}
            label={t('assign.label')}
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              setSelectError(undefined);
            }}
            error={selectError}
            disabled={busy || staff.isPending}
            hint={
              staff.isError
                ? errorText(t, staff.error, { fallback: 'backoffice:assign.staffLoadFailed' })
                : undefined
            }
          >
            <option value="">{staff.isPending ? t('loading') : t('assign.placeholder')}</option>
            {candidates.map((person) => (
              <option key={person.id} value={person.id}>
                {person.username} ({t(`roles.${person.role}`)})
              </option>
            ))}
          </SelectField>
          <Button type="submit" loading={assign.isPending} disabled={busy}>
            {t('assign.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
