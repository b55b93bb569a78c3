import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar.tsx';
import { Dropdown, DropdownButton, DropdownLink, DropdownSeparator } from '../../components/dropdown.tsx';
import {
  AlertIcon,
  CheckIcon,
  ChevronDownIcon,
  HourglassIcon,
  LockIcon,
  LogoutIcon,
  SettingsIcon,
  UploadIcon,
  UserIcon,
} from '../../components/icons.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { paths } from '../paths.ts';
import styles from './top-bar.module.css';

/** Logged in: avatar button with username, verification reminder, preferences and logout. */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const logout = useLogout();
  return (
    <Dropdown
      triggerClassName={styles.avatarButton}
      triggerLabel={t('account.menu', { username: auth.username ?? '' })}
      trigger={
        <>
          <Avatar src={auth.profilePictureUrl} size={36} />
          {!auth.isEmailVerified && <span className={styles.badge} aria-hidden="true" />}
          <ChevronDownIcon size={16} />
        </>
      }
      panelClassName={styles.accountPanel}
    >
      <div className={styles.accountHeader}>
        <Avatar src={auth.profilePictureUrl} size={44} />
        <div className={styles.accountName}>
          <span className={styles.accountLabel}>{t('account.signedInAs')}</span>
          <strong>{auth.username}</strong>
        </div>
      </div>
      {!auth.isEmailVerified && (
        <p className={styles.unverified}>
          <AlertIcon size={16} />
          <span>{t('account.emailNotVerified')}</span>
        </p>
      )}
      <DropdownSeparator />
      <DropdownLink to={paths.myPitches} icon={<UploadIcon size={18} />}>
        {t('account.myPitches')}
      </DropdownLink>
      <DropdownLink to={paths.myCampaigns} icon={<UploadIcon size={18} />}>
        {t('account.myCampaigns')}
      </DropdownLink>
      <DropdownLink to={paths.portfolio} icon={<UserIcon size={18} />}>
        {t('account.portfolio')}
      </DropdownLink>
      <DropdownLink to={paths.investorProfile} icon={<CheckIcon size={18} />}>
        {t('account.investorProfile')}
      </DropdownLink>
      <DropdownLink to={paths.demo} icon={<HourglassIcon size={18} />}>
        {t('account.demo')}
      </DropdownLink>
      {auth.staffRole && (
        <DropdownLink to={paths.backoffice} icon={<LockIcon size={18} />}>
          {t('account.backoffice')}
        </DropdownLink>
      )}
      <DropdownLink to={paths.settings} icon={<SettingsIcon size={18} />}>
        {t('account.preferences')}
      </DropdownLink>
      <DropdownButton icon={<LogoutIcon size={18} />} onClick={() => void logout(paths.home)}>
        {t('account.logout')}
      </DropdownButton>
    </Dropdown>
  );
}
