import { LANGUAGES, type Language } from '@indiesplit/shared/languages';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/cx.ts';
import dropdownStyles from '../../components/dropdown.module.css';
import { Dropdown } from '../../components/dropdown.tsx';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../components/icons.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { switchLanguage } from '../../i18n/index.ts';
import { apiRequest } from '../../lib/api.ts';
import styles from './top-bar.module.css';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', it: 'Italiano' };

export function currentLanguage(lng: string | undefined): Language {
  return lng?.startsWith('it') ? 'it' : 'en';
}

/**
 * en / it; the choice is remembered in local storage and a cookie (the server reads the cookie), and
 * for a member also on the account, so the platform's emails follow it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const { isAuthenticated } = useAuth();
  const choose = async (lng: Language) => {
    await switchLanguage(lng);
    // Best effort: the page is already in the new language; the account catches up on the next switch.
    if (isAuthenticated) await apiRequest('/user/language/', { json: { language: lng } }).catch(() => {});
  };
  const current = currentLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Dropdown
      triggerClassName={styles.iconButton}
      trigger={
        <>
          <GlobeIcon size={18} />
          <span className="visually-hidden">{t('language.title')}: </span>
          <span className={styles.langCode} title={LANGUAGE_NAMES[current]}>
            {current.toUpperCase()}
          </span>
          <ChevronDownIcon size={16} />
        </>
      }
      panelClassName={styles.langPanel}
    >
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          data-closes=""
          lang={lng}
          className={cx(dropdownStyles.item)}
          aria-current={lng === current ? 'true' : undefined}
          onClick={() => void choose(lng)}
        >
          <span className={styles.langItemCode} aria-hidden="true">
            {lng.toUpperCase()}
          </span>
          <span>{LANGUAGE_NAMES[lng]}</span>
          {lng === current && <CheckIcon size={16} className={styles.langCheck} />}
        </button>
      ))}
    </Dropdown>
  );
}
