import { USER_TYPES, type UserType } from '@indiesplit/shared/constants';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons.tsx';
import styles from './register-page.module.css';

/** Step 1 of the sign-up: the profiles a newcomer picks (investor, gamer, developer), as cards. */
export function UserTypeChoice({
  selected,
  onToggle,
}: {
  selected: readonly UserType[];
  onToggle: (type: UserType) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.typeGrid}>
      {USER_TYPES.map((type) => {
        const checked = selected.includes(type);
        return (
          <label key={type} className={`${styles.typeCard} ${checked ? styles.typeChecked : ''}`}>
            <input
              type="checkbox"
              className={styles.typeInput}
              checked={checked}
              aria-labelledby={`type-${type}`}
              aria-describedby={`type-${type}-text`}
              onChange={() => onToggle(type)}
            />
            <span className={styles.typeTick} aria-hidden="true">
              {checked && <CheckIcon size={16} />}
            </span>
            <span id={`type-${type}`} className={styles.typeName}>
              {t(`userTypes.${type}`)}
            </span>
            <span id={`type-${type}-text`} className={styles.typeText}>
              {t(`userTypes.${type}Text`)}
            </span>
          </label>
        );
      })}
    </div>
  );
}
