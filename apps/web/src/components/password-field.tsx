import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from './field.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import styles from './password-field.module.css';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      addon={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t('password.show')}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
