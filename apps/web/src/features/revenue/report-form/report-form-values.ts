import { amountErrorKey, centsToEuroString } from '@indiesplit/shared/money';
import {
  type DeveloperCampaignDto,
  REPORT_PERIOD_KINDS,
  REVENUE_STORES,
  type ReportPeriodKind,
  type RevenueLineInput,
  type RevenueReportDto,
  type RevenueReportInput,
  type RevenueStore,
} from '@indiesplit/shared/revenue';
import { z } from 'zod';
import { parseAmount } from '../format.ts';

// The report form's values (figures as typed, in euros), the schema that checks them, and their
// conversion to the shared RevenueReportInput the API validates again.

export const AMOUNTS = ['gross', 'store_fees', 'refunds', 'taxes'] as const;
export type AmountField = (typeof AMOUNTS)[number];

export interface LineValues {
  store: RevenueStore | '';
  gross: string;
  store_fees: string;
  refunds: string;
  taxes: string;
}

export interface ReportFormValues {
  period_kind: ReportPeriodKind;
  /** YYYY-MM, for a month. */
  month: string;
  /** YYYY and 1–4, for a quarter. */
  year: string;
  quarter: string;
  lines: LineValues[];
}

/** What the form does: file a new regular report, change one, or correct a verified one. */
export type ReportFormMode =
  | { type: 'new' }
  | { type: 'edit'; report: RevenueReportDto }
  | { type: 'adjust'; report: RevenueReportDto };

const pad = (n: number) => String(n).padStart(2, '0');

export const emptyLine = (store: RevenueStore | '' = ''): LineValues => ({
  store,
  gross: '',
  store_fees: '',
  refunds: '',
  taxes: '',
});

export function lineFromInput(line: RevenueLineInput): LineValues {
  return {
    store: line.store,
    gross: centsToEuroString(line.gross_cents),
    store_fees: centsToEuroString(line.store_fees_cents),
    refunds: centsToEuroString(line.refunds_cents),
    taxes: centsToEuroString(line.taxes_cents),
  };
}

function periodValues(kind: ReportPeriodKind, start: string) {
  const month = Number(start.slice(5, 7));
  return {
    period_kind: kind,
    month: start.slice(0, 7),
    year: start.slice(0, 4),
    quarter: String(Math.floor((month - 1) / 3) + 1),
  };
}

/** The month before today's, the likeliest period to report when nothing is due. */
function lastMonth(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}

export function defaultValues(campaign: DeveloperCampaignDto, mode: ReportFormMode): ReportFormValues {
  if (mode.type === 'edit')
    return {
      ...periodValues(mode.report.period_kind, mode.report.period_start),
      lines: mode.report.lines.map(lineFromInput),
    };
  if (mode.type === 'adjust')
    return {
      ...periodValues(mode.report.period_kind, mode.report.period_start),
      // The differences from the verified figures, store by store: empty means no change.
      lines: mode.report.lines.map((l) => emptyLine(l.store)),
    };
  return { ...periodValues('month', campaign.report_due?.period_start ?? lastMonth()), lines: [emptyLine()] };
}

/**
 * The form's rules. Every check is a refinement (not a type failure), so all of them run and each
 * bad field gets its message at once, duplicates included. Adjustments accept negative amounts.
 */
export function reportFormSchema(allowNegative: boolean) {
  const amountMessage = allowNegative ? 'revenue:form.errors.amountSigned' : 'revenue:form.errors.amount';
  const amount = z.string().superRefine((text, ctx) => {
    if (parseAmount(text, allowNegative) !== undefined) return;
    // "1.250" is refused as ambiguous with its own message (ADR 0025), whatever the sign.
    const unsigned = text.trim().replace(/^[-\u2212]\s*/, '');
    ctx.addIssue({ code: 'custom', message: amountErrorKey(unsigned, amountMessage) });
  });
  const line = z.object({
    store: z.union([z.literal(''), z.enum(REVENUE_STORES)]).refine((s) => s !== '', 'fillMandatory'),
    gross: amount,
    store_fees: amount,
    refunds: amount,
    taxes: amount,
  });
  return z
    .object({
      period_kind: z.enum(REPORT_PERIOD_KINDS),
      month: z.string(),
      year: z.string(),
      quarter: z.string(),
      lines: z.array(line).superRefine((lines, ctx) => {
        const seen = new Set<string>();
        lines.forEach((l, i) => {
          if (!l.store) return;
          if (seen.has(l.store))
            ctx.addIssue({ code: 'custom', path: [i, 'store'], message: 'reportDuplicateStore' });
          seen.add(l.store);
        });
      }),
    })
    .superRefine((v, ctx) => {
      if (v.period_kind === 'month' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(v.month))
        ctx.addIssue({ code: 'custom', path: ['month'], message: 'revenue:form.errors.month' });
      if (v.period_kind === 'quarter' && !/^(19|20|21)\d{2}$/.test(v.year.trim()))
        ctx.addIssue({ code: 'custom', path: ['year'], message: 'revenue:form.errors.year' });
    });
}

function periodStartOf(v: ReportFormValues): string {
  if (v.period_kind === 'month') return `${v.month}-01`;
  return `${v.year}-${pad((Number(v.quarter) - 1) * 3 + 1)}-01`;
}

/** Whether the figures may be negative: an adjustment, new or being corrected. */
export function isAdjusting(mode: ReportFormMode): boolean {
  return mode.type === 'adjust' || (mode.type === 'edit' && mode.report.kind === 'adjustment');
}

export function toInput(values: ReportFormValues, mode: ReportFormMode): RevenueReportInput {
  const original = mode.type === 'new' ? null : mode.report;
  const adjusts =
    mode.type === 'adjust' ? mode.report.id : mode.type === 'edit' ? mode.report.adjusts_report_id : null;
  const allowNegative = adjusts !== null;
  const lines = values.lines.map((l) => ({
    store: l.store as RevenueStore,
    gross_cents: parseAmount(l.gross, allowNegative) ?? 0,
    store_fees_cents: parseAmount(l.store_fees, allowNegative) ?? 0,
    refunds_cents: parseAmount(l.refunds, allowNegative) ?? 0,
    taxes_cents: parseAmount(l.taxes, allowNegative) ?? 0,
  }));
  if (adjusts && original)
    return {
      kind: 'adjustment',
      adjusts_report_id: adjusts,
      period_kind: original.period_kind,
      period_start: original.period_start,
      lines,
    };
  return { kind: 'regular', period_kind: values.period_kind, period_start: periodStartOf(values), lines };
}

/** Where the server's field names land in the form; `null`: the error belongs to the whole form. */
export function formFieldOf(serverField: string, values: ReportFormValues): string | null {
  if (serverField === 'period_start') return values.period_kind === 'month' ? 'month' : 'year';
  if (serverField === 'period_kind') return 'period_kind';
  const line = /^lines[./[](\d+)\]?(?:[./](\w+))?$/.exec(serverField);
  if (line) {
    const field = (line[2] ?? 'store').replace(/_cents$/, '');
    return `lines.${line[1]}.${field === 'store' || (AMOUNTS as readonly string[]).includes(field) ? field : 'store'}`;
  }
  return null;
}
