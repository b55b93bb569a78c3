import { ErrorResponse } from '@indiesplit/shared/auth';
import { centsToEuroString } from '@indiesplit/shared/money';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { fundedCampaignGroups } from '../features/investing/queries/funded-campaign-groups.ts';
import { textCell } from '../features/revenue/portfolio.ts';
import { requireAdmin } from '../platform/access.ts';
import type { AppContext } from '../platform/context.ts';

// The annual report to the regulator (ECSP Art 16, ADR 0031): for every real-money campaign funded
// in a calendar year (UTC), the amount raised and its investors counted by country and by class.
// The country is the tax residence every investor gives before a first real-euro investment (ADR
// 0033); an investor who never gave one is counted under "unknown". The class is the investor's
// when the report is made. It reads
// investing's rows and writes them with revenue's CSV cell rule, so it lives in the app layer
// (ADR 0023). Admins only.

const HEADER = [
  'year',
  'campaign',
  'slug',
  'studio',
  'funded_on',
  'amount_raised_eur',
  'investor_country',
  'investor_class',
  'investors',
  'invested_eur',
];

export const REPORT_FIRST_YEAR = 2020;

/** The report as CSV: header, one row per campaign, country and class; CRLF, UTF-8 with a BOM. */
export async function annualReportCsv(db: Db, year: number): Promise<{ fileName: string; body: string }> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const rows = await fundedCampaignGroups(db, from, to);
  const lines = [
    HEADER.join(','),
    ...rows.map((r) =>
      [
        String(year),
        // Titles and names are typed by people: a leading = + - @ must not become a formula.
        textCell(r.title),
        textCell(r.slug ?? ''),
        textCell(r.studio),
        r.fundedAt.slice(0, 10),
        centsToEuroString(r.raisedCents),
        r.country,
        r.investorClass,
        String(r.investors),
        centsToEuroString(Number(r.amountCents ?? 0)),
      ].join(','),
    ),
  ];
  return { fileName: `indiesplit-annual-report-${year}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}

export const AnnualReportQuery = z.object({
  year: z.coerce
    .number({ error: 'reportYearInvalid' })
    .int('reportYearInvalid')
    .min(REPORT_FIRST_YEAR, 'reportYearInvalid')
    .max(2100, 'reportYearInvalid'),
});

export async function annualReportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (req, reply) => {
    await requireAdmin(ctx, req);
    reply.header('cache-control', 'private, no-store');
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/backoffice/reports/annual',
    {
      schema: {
        tags: ['back office'],
        summary:
          'The annual report (ECSP Art 16) of one year as CSV: funded campaigns, investors by country and class (admins)',
        querystring: AnnualReportQuery,
        response: { 200: z.string(), 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (req, reply) => {
      const { fileName, body } = await annualReportCsv(ctx.db, req.query.year);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName))
        .send(body);
    },
  );
}
