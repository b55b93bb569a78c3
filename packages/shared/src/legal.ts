import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

// Legal documents the platform serves itself (ADR 0034): each has numbered versions, each version a
// text per language, an effective date and a content hash; what a member accepted is recorded.

/** The documents the web app links to. More can be added: a document is named by its folder. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

/** A document's name as the folder and the URL spell it: lower-case words joined by hyphens. */
export const LegalDocumentParam = z
  .string()
  .max(40)
  .regex(/^[a-z][a-z0-9-]{0,39}$/, { error: 'notFound' });

export const LegalVersionParams = z.object({
  document: LegalDocumentParam,
  version: z.coerce.number().int().min(1).max(100_000),
});

export const LegalLanguageQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

export const LegalVersionSummary = z.object({
  version: z.number().int(),
  effective_at: z.string(),
});

export const LegalDocumentDto = z.object({
  document: z.string(),
  version: z.number().int(),
  language: z.enum(LANGUAGES),
  title: z.string(),
  /** Markdown (headings, paragraphs, lists, bold); the web app renders it without HTML. */
  body: z.string(),
  effective_at: z.string(),
  content_hash: z.string(),
  /** Whether this is the version in force now. */
  current: z.boolean(),
  /** Every version in force now or before, newest first, so older ones stay readable. */
  versions: z.array(LegalVersionSummary),
});
export type LegalDocumentDto = z.infer<typeof LegalDocumentDto>;

export const AcceptTermsRequest = z.object({
  /** The version of the terms the member read; refused when a newer one is current. */
  terms_version: z.number().int().min(1).max(100_000),
});
export type AcceptTermsRequest = z.infer<typeof AcceptTermsRequest>;

export const AcceptTermsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  terms_version: z.number().int(),
  accepted_at: z.string(),
});
export type AcceptTermsResponse = z.infer<typeof AcceptTermsResponse>;

export const ReloadLegalResponse = z.object({
  /** Versions recorded by this reload, as "document/version". */
  added: z.array(z.string()),
  /** Files that could not be read, or changed a version already recorded, with the reason. */
  refused: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type ReloadLegalResponse = z.infer<typeof ReloadLegalResponse>;
