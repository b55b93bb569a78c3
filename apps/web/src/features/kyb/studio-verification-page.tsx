import { formatIban } from '@indiesplit/shared/funds';
import {
  KYB_PROVIDER_REASONS,
  type KybProviderStateDto,
  type PayoutAccountStatus,
  type StudioKybDto,
} from '@indiesplit/shared/kyb';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { countryName } from '../../components/country-options.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { kybDocumentUrl, useConfirmPayoutAccount, useStudioKyb } from './api.ts';
import styles from './kyb.module.css';
import { KybForm } from './kyb-form.tsx';

/**
 * "Studio verification": what ECSP Art 5 asks of a studio before its campaign opens, where its
 * verification stands (waiting, approved until, refused and why, run out) and the form to send
 * it, again after a refusal or to renew it.
 */
export default function StudioVerificationPage() {
  const { t } = useTranslation(['kyb', 'errors']);
  usePageTitle(t('title'));
  const kyb = useStudioKyb();
  const [sent, setSent] = useState(false);

  let body: ReactNode;
  if (kyb.isPending) body = <PageSpinner label={t('loading')} />;
  else if (kyb.isError)
    body = (
      <Notice type="error">
        <p>{errorText(t, kyb.error, { fallback: 'kyb:loadError' })}</p>
        <Button variant="secondary" size="sm" onClick={() => void kyb.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  else
    body = (
      <>
        {sent && <Notice type="success">{t('sent')}</Notice>}
        <StatusCard kyb={kyb.data} />
        {kyb.data.can_submit && (
          <section className={styles.card}>
            <KybForm previous={kyb.data.latest} mode={kyb.data.mode} onSent={() => setSent(true)} />
          </section>
        )}
      </>
    );

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.muted}>{t('intro')}</p>
          <p className={styles.muted}>{t('legalBasis')}</p>
          {kyb.data?.mode === 'provider' && <p className={styles.muted}>{t('provider.intro')}</p>}
          <p>
            <ButtonLink to={paths.myCampaigns} variant="ghost" size="sm">
              {t('toCampaigns')}
            </ButtonLink>
          </p>
        </header>
        {body}
      </div>
    </main>
  );
}

function StatusCard({ kyb }: { kyb: StudioKybDto }) {
  const { t, i18n } = useTranslation('kyb');
  const lang = i18n.language;
  const latest = kyb.latest;
  return (
    <section className={styles.card} aria-labelledby="kyb-status">
      <h2 id="kyb-status" className={styles.cardTitle}>
        {t('status.title')}
      </h2>
      <p>
        <span className={styles.status}>{t(`status.${kyb.status}`)}</span>
      </p>
      {kyb.approved_until && (
        <p>{t('status.approvedUntil', { date: formatDate(kyb.approved_until, lang) })}</p>
      )}
      {kyb.status === 'approved' && <p className={styles.muted}>{t('status.renewHint')}</p>}
      {kyb.provider && <ProviderState provider={kyb.provider} />}
      {kyb.status === 'refused' && !kyb.provider?.refused && latest?.refusal_reason && (
        <Notice type="error">
          <p>{t('status.refusedBecause')}</p>
          <p className={styles.breakable}>{latest.refusal_reason}</p>
          <p>{t('status.sendAgain')}</p>
        </Notice>
      )}
      {kyb.status === 'expired' && <p>{t('status.expiredHint')}</p>}
      {latest && (
        <dl className={styles.facts}>
          <div>
            <dt>{t('form.legalName')}</dt>
            <dd>{latest.legal_name}</dd>
          </div>
          <div>
            <dt>{t('form.country')}</dt>
            <dd>{countryName(latest.country, lang)}</dd>
          </div>
          <div>
            <dt>{t('status.sentOn')}</dt>
            <dd>{formatDate(latest.submitted_at, lang)}</dd>
          </div>
          <div>
            <dt>{t('form.proof')}</dt>
            <dd>
              <a href={kybDocumentUrl(latest.id)} download={latest.document.file_name}>
                {latest.document.file_name}
              </a>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

const KNOWN_REASONS: readonly string[] = KYB_PROVIDER_REASONS;

/** Where the latest submission stands at the payment provider, and its reason when refused. */
function ProviderState({ provider }: { provider: KybProviderStateDto }) {
  const { t } = useTranslation('kyb');
  const item = (status: string | null) =>
    status ? t(`provider.itemStatus.${status}`, { defaultValue: status }) : '—';
  const reason = provider.reason_type;
  return (
    <section aria-labelledby="kyb-provider">
      <h3 id="kyb-provider" className={styles.cardTitle}>
        {t('provider.title')}
      </h3>
      {provider.state === 'refused' && provider.refused ? (
        <Notice type="error">
          <p>
            {t(provider.refused === 'document' ? 'provider.refusedDocument' : 'provider.refusedDeclaration')}
          </p>
          {reason && (
            <p>
              {KNOWN_REASONS.includes(reason)
                ? t(`provider.reason.${reason}`)
                : t('provider.unknownReason', { reason })}
            </p>
          )}
          {provider.reason_message && (
            <p className={styles.breakable}>
              {t('provider.theirMessage', { message: provider.reason_message })}
            </p>
          )}
          <p>{t('status.sendAgain')}</p>
        </Notice>
      ) : (
        <p>{t(`provider.${provider.state}`)}</p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('provider.document')}</dt>
          <dd>{item(provider.document_status)}</dd>
        </div>
        <div>
          <dt>{t('provider.declaration')}</dt>
          <dd>{item(provider.declaration_status)}</dd>
        </div>
      </dl>
      {provider.sandbox_url && (
        <p className={styles.muted}>
          <a href={provider.sandbox_url}>{t('provider.sandbox')}</a>
        </p>
      )}
      {provider.payout_account && (
        <PayoutAccount iban={provider.payout_account.iban} status={provider.payout_account.status} />
      )}
    </section>
  );
}

/**
 * The payout IBAN at the provider: the money raised is paid there only once the studio's legal
 * representative has confirmed it on the provider's page, which the button opens (again, after a
 * confirmation that did not go through).
 */
function PayoutAccount({ iban, status }: { iban: string; status: PayoutAccountStatus }) {
  const { t } = useTranslation(['kyb', 'errors']);
  const confirm = useConfirmPayoutAccount();
  const state = status === 'ACTIVE' ? 'confirmed' : status === 'PENDING' ? 'waiting' : 'notConfirmed';
  return (
    <section aria-labelledby="kyb-payout-account">
      <h3 id="kyb-payout-account" className={styles.cardTitle}>
        {t('payoutAccount.title')}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('form.payoutIban')}</dt>
          <dd className={styles.breakable}>{formatIban(iban)}</dd>
        </div>
        <div>
          <dt>{t('payoutAccount.status')}</dt>
          <dd data-testid="kyb-payout-account-status">{t(`payoutAccount.state.${state}`)}</dd>
        </div>
      </dl>
      {status !== 'ACTIVE' && (
        <>
          <p className={styles.muted}>
            {t(status === 'PENDING' ? 'payoutAccount.waitingHint' : 'payoutAccount.notConfirmedHint')}
          </p>
          {confirm.isError && (
            <Notice type="error">
              <p>{errorText(t, confirm.error, { fallback: 'kyb:payoutAccount.error' })}</p>
            </Notice>
          )}
          <Button
            variant="primary"
            size="sm"
            // Still loading while the browser leaves for the provider's page.
            loading={confirm.isPending || Boolean(confirm.data?.confirm_url)}
            onClick={() => confirm.mutate()}
          >
            {t('payoutAccount.confirm')}
          </Button>
        </>
      )}
    </section>
  );
}
