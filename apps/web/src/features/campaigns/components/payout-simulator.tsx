import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { amountErrorKey, centsToEuroString, parseEuroToCents } from '@indiesplit/shared/money';
import {
  SIMULATOR_CASES,
  SIMULATOR_DEFAULT_PLATFORM_SHARE_BPS,
  SIMULATOR_DEFAULT_STORE_FEE_BPS,
  SIMULATOR_MAX_COPIES,
  SIMULATOR_MAX_PRICE_CENTS,
  simulatePayouts,
  simulationBase,
} from '@indiesplit/shared/revenue-simulator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { cachedFormatter } from '../../../lib/format.ts';
import { formatAmount, formatShare } from '../format.ts';
import styles from './payout-simulator.module.css';

// The payout simulator of the campaign page (its own chunk). All arithmetic is the shared pure
// function's; this only reads the inputs and formats what it returns.

/** Whether the campaign still takes (or will take) investments: one would add to what it raised. */
const isOpen = (status: CampaignDetailDto['status']) => status === 'scheduled' || status === 'live';

/** Cents as the reader would type them: 5000 -> "50", 1999 -> "19.99". */
function euroInput(cents: number): string {
  return centsToEuroString(cents).replace(/\.00$/, '');
}

/** "1000" -> 1000; anything but a whole number in range -> undefined. */
function parseCopies(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n <= SIMULATOR_MAX_COPIES ? n : undefined;
}

/** "30", "12.5", "12,5" (percent) -> basis points; out of 0–100 -> undefined. */
function parsePercentToBps(text: string): number | undefined {
  // A percentage with up to two decimals has the same shape as an amount in euros with cents.
  const bps = parseEuroToCents(text);
  return bps === null || bps === undefined || bps > 10_000 ? undefined : bps;
}

function parsePrice(text: string): number | undefined {
  const cents = parseEuroToCents(text);
  return cents === null || cents === undefined || cents > SIMULATOR_MAX_PRICE_CENTS ? undefined : cents;
}

function parseInvestment(text: string): number | undefined {
  const cents = parseEuroToCents(text);
  return cents === null ? undefined : cents;
}

/** "1.250" gets the shared "ambiguous" message (ADR 0025); other refusals the field's own. */
function amountKey(text: string, own: string): string {
  return amountErrorKey(text, own) === 'amountAmbiguous' ? 'errors:amountAmbiguous' : own;
}

export default function PayoutSimulator({ campaign }: { campaign: CampaignDetailDto }) {
  const { t, i18n } = useTranslation(['payouts', 'campaigns', 'errors']);
  const lang = i18n.language;
  const [price, setPrice] = useState('19.99');
  const [copies, setCopies] = useState('1000');
  const [fee, setFee] = useState(String(SIMULATOR_DEFAULT_STORE_FEE_BPS / 100));
  const [investment, setInvestment] = useState(euroInput(campaign.min_ticket_cents));

  const priceCents = parsePrice(price);
  const copiesCount = parseCopies(copies);
  const feeBps = parsePercentToBps(fee);
  const investmentCents = parseInvestment(investment);

  const money = (cents: number) => formatAmount(t, cents, campaign.currency, lang);
  const months = campaign.term_months;
  const copiesFormat = cachedFormatter(
    `copies:${lang}`,
    () => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }),
  );
  const multipleFormat = cachedFormatter(
    `multiple:${lang}`,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );

  const sim =
    priceCents !== undefined &&
    copiesCount !== undefined &&
    feeBps !== undefined &&
    investmentCents !== undefined
      ? simulatePayouts({
          price_cents: priceCents,
          copies_per_month: copiesCount,
          store_fee_bps: feeBps,
          investment_cents: investmentCents,
          revenue_share_bps: campaign.revenue_share_bps,
          platform_share_bps: campaign.platform_share_bps,
          term_months: months,
          committed_cents: campaign.committed_cents,
          goal_cents: campaign.goal_cents,
          open: isOpen(campaign.status),
        })
      : null;

  return (
    <section className={styles.simulator} aria-labelledby="payout-simulator">
      <h2 id="payout-simulator">{t('simulator.title')}</h2>
      <p className={styles.muted}>{t('simulator.intro', { months })}</p>
      <div className={styles.inputs}>
        <Field
          label={t('simulator.price')}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={priceCents === undefined ? t(amountKey(price, 'simulator.invalidPrice')) : undefined}
        />
        <Field
          label={t('simulator.copies')}
          inputMode="numeric"
          autoComplete="off"
          value={copies}
          onChange={(e) => setCopies(e.target.value)}
          error={copiesCount === undefined ? t('simulator.invalidCopies') : undefined}
        />
        <Field
          label={t('simulator.storeFee')}
          inputMode="decimal"
          autoComplete="off"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
          error={feeBps === undefined ? t('simulator.invalidFee') : undefined}
        />
        <Field
          label={t('simulator.investment')}
          inputMode="decimal"
          autoComplete="off"
          value={investment}
          onChange={(e) => setInvestment(e.target.value)}
          error={
            investmentCents === undefined ? t(amountKey(investment, 'simulator.invalidAmount')) : undefined
          }
        />
      </div>

      <div aria-live="polite">
        {sim === null || investmentCents === undefined ? (
          <p className={styles.muted}>{t('simulator.incomplete')}</p>
        ) : (
          // On a narrow screen the table scrolls sideways inside its own box, never the page; the
          // box can be reached with the keyboard to scroll it.
          <section
            className={styles.tableScroll}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
            tabIndex={0}
            aria-label={t('simulator.caption', { amount: money(investmentCents), months })}
          >
            <table className={styles.table}>
              <caption>{t('simulator.caption', { amount: money(investmentCents), months })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('simulator.case')}</th>
                  <th scope="col" className={styles.num}>
                    {t('simulator.copiesColumn')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('simulator.monthly')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('simulator.total', { months })}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('simulator.multipleColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {SIMULATOR_CASES.map((c) => (
                  <tr key={c} data-case={c}>
                    <th scope="row">{t(`simulator.${c}`)}</th>
                    <td className={styles.num}>{copiesFormat.format(sim[c].copies_per_month)}</td>
                    <td className={styles.num}>{money(sim[c].monthly_cents)}</td>
                    <td className={styles.num}>{money(sim[c].total_cents)}</td>
                    <td className={styles.num}>
                      {t('simulator.multipleValue', {
                        value: multipleFormat.format(sim[c].multiple_hundredths / 100),
                      })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>

      <div className={styles.assumptions}>
        <h3>{t('simulator.assumptions')}</h3>
        <ul>
          <li>{t('simulator.assumeNet')}</li>
          <li>{t('simulator.assumePool', { share: formatShare(campaign.revenue_share_bps, lang) })}</li>
          <li>
            {t('simulator.assumeInvestors', {
              platform: formatShare(
                sim?.platform_share_bps ??
                  campaign.platform_share_bps ??
                  SIMULATOR_DEFAULT_PLATFORM_SHARE_BPS,
                lang,
              ),
            })}
          </li>
          <li>
            {t(isOpen(campaign.status) ? 'simulator.assumeYoursOpen' : 'simulator.assumeYours', {
              raised: money(
                simulationBase(
                  campaign.committed_cents,
                  campaign.goal_cents,
                  investmentCents ?? 0,
                  isOpen(campaign.status),
                ),
              ),
            })}
          </li>
          <li>{t('simulator.assumeRounding')}</li>
        </ul>
      </div>

      <Notice type="warning" live={false}>
        <p>{t('simulator.reminder')}</p>
      </Notice>
    </section>
  );
}
