import { STATEMENT_MAX_BYTES, STATEMENT_TYPES } from '@indiesplit/shared/revenue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import styles from '../revenue.module.css';

// The optional statement file, checked here by name or type and size, uploaded once the report
// is saved.

const STATEMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.csv,application/pdf,image/png,image/jpeg,text/csv';

function statementProblem(file: File): string | null {
  const byName = /\.(pdf|png|jpe?g|csv)$/i.test(file.name);
  const byType = (STATEMENT_TYPES as readonly string[]).includes(file.type);
  if (!(byName || byType) || file.size > STATEMENT_MAX_BYTES) return 'statementTypeInvalid';
  return null;
}

export function ReportStatement({
  busy,
  currentName,
  onPick,
}: {
  busy: boolean;
  /** The file already attached to the report being edited. */
  currentName: string | null;
  /** A file that passed the checks, or null. */
  onPick: (file: File | null) => void;
}) {
  const { t } = useTranslation(['revenue', 'errors']);
  const [error, setError] = useState<string | undefined>(undefined);

  const pick = (file: File | undefined) => {
    setError(undefined);
    const problem = file ? statementProblem(file) : null;
    if (problem) setError(t(`errors:${problem}`));
    onPick(file && !problem ? file : null);
  };

  return (
    <fieldset className={styles.fieldset} disabled={busy}>
      <legend className={styles.legend}>{t('form.statement.legend')}</legend>
      {currentName && <p className={styles.muted}>{t('form.statement.current', { name: currentName })}</p>}
      <Field
        label={t('form.statement.label')}
        type="file"
        accept={STATEMENT_ACCEPT}
        hint={t('form.statement.hint')}
        error={error}
        onChange={(e) => pick(e.currentTarget.files?.[0])}
      />
    </fieldset>
  );
}
