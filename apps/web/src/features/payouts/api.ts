import type { RevenuePortfolioDto, StatementDto } from '@indiesplit/shared/revenue';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api.ts';

// The investor's revenue-share calls: the holdings with each period's waterfall, and a year's
// statement (JSON for the printable page, CSV as a plain download link).

export const payoutKeys = {
  all: ['payouts'] as const,
  portfolio: ['payouts', 'portfolio'] as const,
  statement: (campaignId: string, year: number) => ['payouts', 'statement', campaignId, year] as const,
};

const statementPath = (campaignId: string, year: number, format: 'json' | 'csv') =>
  `/portfolio/revenue/${encodeURIComponent(campaignId)}/statement?year=${year}&format=${format}`;

/** Where the browser downloads a year's statement as CSV (the server names the file). */
export const statementCsvUrl = (campaignId: string, year: number) =>
  `${API_BASE}${statementPath(campaignId, year, 'csv')}`;

export const fetchRevenuePortfolio = (signal?: AbortSignal) =>
  apiRequest<RevenuePortfolioDto>('/portfolio/revenue/', { signal });

export const useRevenuePortfolio = () =>
  useQuery({ queryKey: payoutKeys.portfolio, queryFn: ({ signal }) => fetchRevenuePortfolio(signal) });

export const fetchStatement = (campaignId: string, year: number, signal?: AbortSignal) =>
  apiRequest<StatementDto>(statementPath(campaignId, year, 'json'), { signal });

export const useStatement = (campaignId: string, year: number, enabled: boolean) =>
  useQuery({
    queryKey: payoutKeys.statement(campaignId, year),
    queryFn: ({ signal }) => fetchStatement(campaignId, year, signal),
    enabled,
  });
