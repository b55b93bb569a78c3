import type { Currency, WalletMovementDto, WalletReservationDto } from '@indiesplit/shared/wallet';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { DepositInstructions } from '../funds/deposit-instructions.tsx';
import { WithdrawalSection } from '../funds/withdrawal-section.tsx';
import { usePaymentAccount } from '../payments/api.ts';
import { ProviderDeposit } from '../payments/provider-deposit.tsx';
import { useMovements, useWallet } from './api.ts';
import { formatDateTime } from './format.ts';
import styles from './investing.module.css';
import own from './portfolio.module.css';

const campaignTitle = (t: TFunction, x: { campaign: { title: string } | null }) =>
  x.campaign?.title ?? t('invest:movements.unknownCampaign');

/** What a reservation holds, in words: the campaign of an investment, or the withdrawal. */
export function reservationLabel(t: TFunction, r: WalletReservationDto): string {
  if (r.kind === 'investment') return t('invest:reservations.investment', { title: campaignTitle(t, r) });
  if (r.kind === 'withdrawal') return t('invest:reservations.withdrawal');
  return t('invest:reservations.other', { kind: t(`invest:kind.${r.kind}`, { defaultValue: r.kind }) });
}

/** One movement in words: what moved and why, with the campaign it concerns. */
export function movementLabel(t: TFunction, m: WalletMovementDto): string {
  const title = campaignTitle(t, m);
  switch (`${m.kind}:${m.phase}`) {
    case 'investment:pending':
      return t('invest:movements.investment', { title });
    case 'investment:void':
      return t('invest:movements.investmentReleased', { title });
    case 'refund:void':
    case 'refund:single':
      return t('invest:movements.refund', { title });
    case 'withdrawal:pending':
      return t('invest:movements.withdrawal');
    case 'withdrawal:void':
      return t('invest:movements.withdrawalReleased');
    case 'payout:single':
    case 'payout:post':
      return t('invest:movements.payout', { title });
    case 'deposit:single':
      return t('invest:movements.deposit');
    default:
      return t(`invest:kind.${m.kind}`, { defaultValue: m.kind });
  }
}

/** The portfolio's Wallet section: balances and what is reserved, movements, deposit, withdraw. */
export function WalletSection() {
  const { t } = useTranslation(['invest', 'errors']);
  const wallet = useWallet();
  const demo = wallet.data?.balances.find((b) => b.currency === 'DEMO');
  const hasDemo = !!demo && (demo.posted_cents !== 0 || demo.reserved_cents !== 0);
  const [currency, setCurrency] = useState<Currency>('EUR');
  // Where the payment provider pays withdrawals, the form asks for the holder's address (ADR 0039).
  const payments = usePaymentAccount();
  const byProvider = !!payments.data && payments.data.mode !== 'manual';

  return (
    <>
      <section className={styles.card} aria-labelledby="movements-title">
        <div className={styles.row}>
          <h2 id="movements-title" className={styles.cardTitle}>
            {currency === 'EUR' ? t('portfolio.realWallet') : t('portfolio.demoWallet')}
          </h2>
          {hasDemo && (
            <div className={own.switch}>
              {(['EUR', 'DEMO'] as const).map((c) => (
                <Button
                  key={c}
                  size="sm"
                  variant={c === currency ? 'primary' : 'secondary'}
                  aria-pressed={c === currency}
                  onClick={() => setCurrency(c)}
                >
                  {c === 'EUR' ? t('movements.showReal') : t('movements.showDemo')}
                </Button>
              ))}
            </div>
          )}
        </div>
        <Movements currency={currency} />
      </section>
      {currency === 'EUR' && (
        <>
          <ProviderDeposit manual={<DepositInstructions />} />
          <WithdrawalSection askAddress={byProvider} />
        </>
      )}
    </>
  );
}

function Movements({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const movements = useMovements(currency);
  const lang = i18n.language;

  if (movements.isPending)
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  if (movements.isError)
    return (
      <Notice type="error">
        <p>{errorText(t, movements.error, { fallback: 'invest:loadError' })}</p>
        <Button variant="secondary" size="sm" onClick={() => void movements.refetch()}>
          {t('movements.retry')}
        </Button>
      </Notice>
    );
  const first = movements.data.pages[0];
  const balance = first?.balance;
  const reservations = first?.reservations ?? [];
  const rows = movements.data.pages.flatMap((p) => p.movements);

  return (
    <>
      {balance && (
        <dl className={styles.facts}>
          <div>
            <dt>{t('portfolio.available')}</dt>
            <dd>
              <Money cents={balance.available_cents} currency={currency} />
            </dd>
          </div>
          <div>
            <dt>{t('reservations.title')}</dt>
            <dd>
              <Money cents={balance.reserved_cents} currency={currency} />
            </dd>
          </div>
        </dl>
      )}
      {reservations.length > 0 && (
        <div>
          <h3 className={styles.cardTitle}>{t('reservations.heldFor')}</h3>
          <ul className={own.reservations} aria-label={t('reservations.heldFor')}>
            {reservations.map((r) => (
              <li key={r.id}>
                {reservationLabel(t, r)}: <Money cents={r.amount_cents} currency={currency} />
              </li>
            ))}
          </ul>
        </div>
      )}

      <h3 className={styles.cardTitle}>{t('portfolio.movements')}</h3>
      <p className={styles.muted}>{t('movements.intro')}</p>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('portfolio.noMovements')}</p>
      ) : (
        <ol className={own.movements} aria-label={t('portfolio.movements')}>
          {rows.map((m) => (
            <li key={m.id} className={own.movement} data-movement={`${m.kind}:${m.phase}`}>
              <p>
                <span>{movementLabel(t, m)}</span>
                {m.reservation && (
                  <span className={own.tag}>
                    {t(
                      `movements.state.${m.kind === 'withdrawal' ? 'withdrawal' : 'investment'}.${m.reservation}`,
                    )}
                  </span>
                )}
              </p>
              <p className={own.amount}>
                {m.amount_cents > 0 ? '+' : ''}
                <Money cents={m.amount_cents} currency={m.currency} />
              </p>
              <p className={styles.muted}>{formatDateTime(m.created_at, lang)}</p>
              <p className={`${own.after} ${styles.muted}`}>
                {t('movements.balanceAfter')} <Money cents={m.balance_after_cents} currency={m.currency} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {movements.hasNextPage && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            disabled={movements.isFetchingNextPage}
            onClick={() => void movements.fetchNextPage()}
          >
            {t('movements.more')}
          </Button>
        </div>
      )}
    </>
  );
}
