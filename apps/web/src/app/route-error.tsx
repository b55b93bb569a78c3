import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../components/button.tsx';
import styles from '../components/status-page.module.css';
import { paths } from './paths.ts';

/** What shows when a screen fails to load or render: usually a new release replaced its files. */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <main id="main" className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        !
      </p>
      <h1 className={styles.title}>{t('routeError.title')}</h1>
      <p className={styles.text}>{t('routeError.text')}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <ButtonLink to={paths.home} variant="secondary" reloadDocument>
          {t('notFound.home')}
        </ButtonLink>
      </div>
    </main>
  );
}

interface BoundaryProps {
  /** Changing it (the page's address) clears the error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
