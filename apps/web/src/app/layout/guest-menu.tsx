import { useTranslation } from 'react-i18next';
import { Dropdown, DropdownLink } from '../../components/dropdown.tsx';
import { ChevronDownIcon, UserIcon } from '../../components/icons.tsx';
import { paths } from '../paths.ts';
import styles from './top-bar.module.css';

/** Logged out: a dropdown with login and register. */
export function GuestMenu() {
  const { t } = useTranslation('common');
  return (
    <Dropdown
      triggerClassName={styles.iconButton}
      triggerLabel={t('account.guestMenu')}
      trigger={
        <>
          <UserIcon size={18} />
          <ChevronDownIcon size={16} />
        </>
      }
    >
      <DropdownLink to={paths.login}>{t('account.login')}</DropdownLink>
      <DropdownLink to={paths.registerWelcome}>{t('account.register')}</DropdownLink>
    </Dropdown>
  );
}
