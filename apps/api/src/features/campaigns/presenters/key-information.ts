import type {
  KeyInformationDto,
  KeyInformationItemDto,
  KeyInformationSectionDto,
} from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';
import { formatMoney } from '@indiesplit/shared/money';
import { DEFAULT_PLATFORM_SHARE_BPS } from '@indiesplit/shared/revenue';
import { investorsShareOfNet, splitNetRevenue } from '@indiesplit/shared/revenue-split';
import type * as repo from '../repo.ts';
import { fill, KEY_INFORMATION_TEXT } from './key-information-text.ts';
import { asCurrency, asServices, iso, localized } from './values.ts';

// The key investment information sheet (ECSP art. 23, Annex I; ADR 0028): its sections in the
// order of Annex I, built from the campaign's row in one language. The page, the invest screen and
// the PDF (key-information-pdf.ts) all show what this returns; the fee lines are computed with the
// same split of net revenue the payouts and the simulator use (shared/revenue-split.ts).

/** The net revenue of the sheet's worked example: €10,000. */
export const EXAMPLE_NET_REVENUE_CENTS = 1_000_000;

export interface KeyInformationOptions {
  /**
   * The platform's share of each pool while the campaign has none frozen (before it goes live):
   * the configured one. Once live, the campaign's frozen share is used.
   */
  platformShareBps?: number;
  /** The platform's fee on the money raised while the campaign has none frozen (ADR 0042). */
  successFeeBps?: number;
}

/** The terms a sheet shows for a campaign not live yet: the configured ones. */
export const configuredTerms = (config: { platformShareBps: number; successFeeBps: number }) => ({
  platformShareBps: config.platformShareBps,
  successFeeBps: config.successFeeBps,
});

const link = (label: string, value: string, href: string | null = null): KeyInformationItemDto => ({
  label,
  value,
  href,
});

/** Basis points -> "7.5%", "7,5%"; the investors' net share may need four decimals. */
function percent(lang: Language, fraction: number): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 4 }).format(fraction);
}

/**
 * A percentage with its Italian definite article: "l’" before a number read with a vowel (1, 11,
 * 8…, 80…: uno, undici, otto, ottanta), "il " otherwise. English takes none.
 */
export function withArticle(lang: Language, percentText: string): string {
  if (lang !== 'it') return percentText;
  const whole = percentText.match(/^\d+/)?.[0] ?? '';
  return whole === '1' || whole === '11' || whole.startsWith('8') ? `l’${percentText}` : `il ${percentText}`;
}

function countryName(lang: Language, code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    const name = new Intl.DisplayNames([lang], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * The key investment information sheet of a campaign in one language, from its row. The campaign
 * page, the invest screen and the PDF show it; it is the one place the sheet's content is decided.
 * Fully determined by its arguments (no clock, no configuration read).
 */
export function keyInformationOf(
  row: repo.CampaignRow,
  developerUsername: string | null,
  lang: Language,
  options: KeyInformationOptions = {},
): KeyInformationDto {
  const text = KEY_INFORMATION_TEXT[lang];
  const currency = asCurrency(row.currency);
  const demo = currency === 'DEMO';
  const money = (cents: number) => {
    const amount = formatMoney(cents, currency, lang, { trimWhole: true });
    return demo ? fill(text.virtual, { amount }) : amount;
  };
  const when = (d: Date | null) =>
    d
      ? `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(d)} ${text.utc}`
      : text.owner.missing;
  const orMissing = (value: string) => (value.trim() === '' ? text.owner.missing : value);

  const shareBps = row.revenueShareBps ?? 0;
  const platformBps = row.platformShareBps ?? options.platformShareBps ?? DEFAULT_PLATFORM_SHARE_BPS;
  const successFeeBps = row.successFeeBps ?? options.successFeeBps ?? 0;
  const netShare = investorsShareOfNet(shareBps, platformBps);
  const example = splitNetRevenue(EXAMPLE_NET_REVENUE_CENTS, shareBps, platformBps);
  const share = percent(lang, shareBps / 10_000);
  const platform = percent(lang, platformBps / 10_000);
  const net = percent(lang, netShare / 100_000_000);
  const shares = {
    share,
    platform,
    net,
    theShare: withArticle(lang, share),
    thePlatform: withArticle(lang, platform),
    theNet: withArticle(lang, net),
  };
  const netShareLine = fill(text.instrument.netShareValue, shares);
  const reflectionDays = Math.floor(row.reflectionSeconds / 86_400);
  const services = asServices(row.services);
  const people = row.studioPeople
    .filter((p) => p.name.trim() !== '')
    .map((p) => `${p.name} – ${p.role}`)
    .join('; ');
  const risks = localized(lang, row.risksEn, row.risksIt);
  const useOfFunds = localized(lang, row.useOfFundsEn, row.useOfFundsIt);
  const owner = row.studioLegalName.trim() || developerUsername || row.title;

  const sections: KeyInformationSectionDto[] = [
    {
      id: 'owner',
      title: text.sections.owner,
      items: [
        link(text.owner.legalName, orMissing(row.studioLegalName)),
        link(text.owner.legalForm, orMissing(row.studioLegalForm)),
        link(text.owner.registration, orMissing(row.studioRegistrationNumber)),
        link(text.owner.country, orMissing(countryName(lang, row.studioCountry))),
        link(text.owner.address, orMissing(row.studioAddress)),
        link(
          text.owner.contact,
          orMissing(row.studioEmail),
          row.studioEmail ? `mailto:${row.studioEmail}` : null,
        ),
        link(text.owner.people, orMissing(people)),
        link(
          text.owner.statement,
          row.studioStatementSigned ? text.owner.statementSigned : text.owner.statementMissing,
        ),
        link(text.owner.project, row.title),
        link(text.owner.description, orMissing(localized(lang, row.summaryEn, row.summaryIt))),
        link(text.owner.useOfFunds, orMissing(useOfFunds)),
      ],
    },
    {
      id: 'offer',
      title: text.sections.offer,
      items: [
        link(text.offer.type, text.offer.typeValue),
        link(text.offer.money, demo ? text.offer.demoMoney : text.offer.realMoney),
        link(text.offer.goal, money(row.goalCents)),
        link(text.offer.max, money(row.maxCents ?? row.goalCents)),
        link(text.offer.minTicket, money(row.minTicketCents)),
        link(
          text.offer.period,
          fill(text.offer.periodValue, { start: when(row.startsAt), end: when(row.deadlineAt) }),
        ),
        link(text.offer.allOrNothing, text.offer.allOrNothingValue),
        link(
          text.offer.services,
          services.map((s) => text.offer.service[s] ?? s).join(', ') || text.offer.noServices,
        ),
      ],
    },
    {
      id: 'risks',
      title: text.sections.risks,
      items: [
        link(text.risks.project, text.risks.projectValue),
        link(text.risks.studioRisks, orMissing(risks)),
        link(text.risks.noReturn, text.risks.noReturnValue),
        link(text.risks.liquidity, text.risks.liquidityValue),
        link(text.risks.default, text.risks.defaultValue),
      ],
    },
    {
      id: 'instrument',
      title: text.sections.instrument,
      items: [
        link(text.instrument.receive, text.instrument.receiveValue),
        link(text.instrument.pool, fill(text.instrument.poolValue, shares)),
        link(text.instrument.platformShare, fill(text.instrument.platformShareValue, shares)),
        link(text.instrument.netShare, netShareLine),
        link(
          text.instrument.example,
          fill(text.instrument.exampleValue, {
            netRevenue: money(EXAMPLE_NET_REVENUE_CENTS),
            pool: money(example.poolCents),
            platform: money(example.platformCents),
            investors: money(example.investorsCents),
          }),
        ),
        link(text.instrument.term, fill(text.instrument.termValue, { months: row.termMonths })),
        link(text.instrument.frequency, text.instrument.frequencyValue),
        link(text.instrument.sale, text.instrument.saleValue),
        link(text.instrument.end, text.instrument.endValue),
      ],
    },
    {
      id: 'rights',
      title: text.sections.rights,
      items: [
        link(
          text.rights.reflection,
          reflectionDays >= 1
            ? fill(text.rights.reflectionDays, { count: reflectionDays })
            : fill(text.rights.reflectionMinutes, {
                count: Math.max(1, Math.round(row.reflectionSeconds / 60)),
              }),
        ),
        link(text.rights.refund, text.rights.refundValue),
        link(text.rights.information, text.rights.informationValue),
        link(text.rights.sheet, text.rights.sheetValue),
      ],
    },
    {
      id: 'fees',
      title: text.sections.fees,
      items: [
        link(text.fees.invest, text.fees.investValue),
        link(text.fees.payouts, fill(text.fees.payoutsValue, shares)),
        link(text.fees.netShare, netShareLine),
        link(
          text.fees.studio,
          successFeeBps > 0
            ? fill(text.fees.studioValueWithFee, { ...shares, fee: percent(lang, successFeeBps / 10_000) })
            : fill(text.fees.studioValue, shares),
        ),
        link(text.fees.wallet, text.fees.walletValue),
        link(text.fees.complaints, text.fees.complaintsValue, '/complaints'),
        link(text.fees.conflicts, text.fees.conflictsValue, '/conflicts-of-interest'),
        link(text.fees.redress, text.fees.redressValue),
      ],
    },
  ];

  return {
    lang,
    title: demo ? text.demoTitle : text.title,
    campaign_title: row.title,
    offer_type: 'revenue_share',
    project_owner: owner,
    currency,
    demo,
    goal_cents: row.goalCents,
    max_cents: row.maxCents ?? row.goalCents,
    min_ticket_cents: row.minTicketCents,
    revenue_share_bps: shareBps,
    platform_share_bps: platformBps,
    investors_share_of_net: netShare,
    term_months: row.termMonths,
    term_starts: 'launch',
    all_or_nothing: true,
    starts_at: iso(row.startsAt) ?? '',
    deadline_at: iso(row.deadlineAt) ?? '',
    reflection_seconds: row.reflectionSeconds,
    services,
    risks,
    use_of_funds: useOfFunds,
    warnings: [
      { id: 'disclaimer', title: text.warnings.disclaimerTitle, text: text.warnings.disclaimer },
      { id: 'risk', title: text.warnings.riskTitle, text: text.warnings.risk },
      { id: 'reflection', title: text.warnings.reflectionTitle, text: text.warnings.reflection },
      {
        id: 'responsibility',
        title: `${text.warnings.responsibilityTitle} – ${owner}`,
        text: text.warnings.responsibility,
      },
    ],
    sections,
  };
}
