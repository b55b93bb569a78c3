import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ButtonLink } from '../../components/button.tsx';
import forms from '../../components/forms.module.css';
import { Notice } from '../../components/notice.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from './auth-context.tsx';
import { AuthShell } from './auth-shell.tsx';
import { SocialSignIn } from './social/social-sign-in.tsx';
import { useOAuthError } from './use-oauth-error.ts';
import styles from './welcome-page.module.css';

export default function WelcomePage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const oauthError = useOAuthError();
  usePageTitle(t('welcome.title'));

  if (auth.isAuthenticated) return <Navigate to={paths.home} replace />;

  return (
    <AuthShell title={t('welcome.title')} subtitle={t('welcome.subtitle')} closeTo={paths.home}>
      <div className={forms.stack}>
        {oauthError && <Notice type="error">{oauthError}</Notice>}
        <p className={styles.prompt}>{t('welcome.prompt')}</p>
        <ul className={styles.perks}>
          <li>{t('welcome.perkInvest')}</li>
          <li>{t('welcome.perkPlay')}</li>
          <li>{t('welcome.perkBuild')}</li>
        </ul>
        <ButtonLink to={paths.register} size="lg" block>
          {t('welcome.signUp')}
        </ButtonLink>
        <ButtonLink to={paths.login} variant="secondary" size="lg" block>
          {t('welcome.logIn')}
        </ButtonLink>
        <SocialSignIn from="welcome" />
      </div>
    </AuthShell>
  );
}
