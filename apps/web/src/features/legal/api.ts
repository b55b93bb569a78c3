import type { AcceptTermsRequest, AcceptTermsResponse, LegalDocumentDto } from '@indiesplit/shared/legal';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The platform's legal documents (ADR 0034): GET /legal/:document (the version in force),
// GET /legal/:document/versions/:n (an older one), POST /legal/acceptances (accept the terms in force).

export const legalKeys = {
  all: ['legal'] as const,
  document: (document: string, lang: string, version: number | null) =>
    ['legal', document, lang, version ?? 'current'] as const,
};

export const fetchLegalDocument = (
  document: string,
  lang: string,
  version: number | null,
  signal?: AbortSignal,
) => {
  const base = `/legal/${encodeURIComponent(document)}`;
  const path = version === null ? base : `${base}/versions/${version}`;
  return apiRequest<LegalDocumentDto>(`${path}?lang=${encodeURIComponent(lang)}`, { signal });
};

export const legalDocumentQuery = (document: string, lang: string, version: number | null = null) =>
  queryOptions({
    queryKey: legalKeys.document(document, lang, version),
    queryFn: ({ signal }) => fetchLegalDocument(document, lang, version, signal),
  });

export function useLegalDocument(document: string, lang: string, version: number | null = null) {
  return useQuery(legalDocumentQuery(document, lang, version));
}

export const acceptTerms = (body: AcceptTermsRequest) =>
  apiRequest<AcceptTermsResponse>('/legal/acceptances', { method: 'POST', json: body });

export function useAcceptTerms() {
  return useMutation({ mutationFn: acceptTerms });
}
