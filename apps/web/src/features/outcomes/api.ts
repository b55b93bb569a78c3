import type { OutcomeDto } from '@indiesplit/shared/revenue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The public record of outcomes (GET /outcomes/) and one campaign's (GET /outcomes/:slug): read
// by anyone, the same in every language (the words are the page's).

export const outcomeKeys = {
  all: ['outcomes'] as const,
  one: (slug: string) => ['outcomes', 'one', slug] as const,
};

export function useOutcomes() {
  return useQuery({
    queryKey: outcomeKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<{ outcomes: OutcomeDto[] }>('/outcomes/', { signal }).then((r) => r.outcomes),
  });
}

/** One funded campaign's outcome; `enabled` false for campaigns that have none. */
export function useOutcome(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: outcomeKeys.one(slug),
    queryFn: ({ signal }) => apiRequest<OutcomeDto>(`/outcomes/${encodeURIComponent(slug)}`, { signal }),
    enabled,
  });
}
