import { z } from 'zod';

// News written by staff and newsletters sent to the members who opted in (ADR 0038). Bodies are
// Markdown: the server renders them to sanitised HTML, the only HTML the browser is given.

export const NEWS_TITLE_MAX = 200;
export const NEWS_BODY_MAX = 20_000;
export const NEWS_PER_PAGE = 10;
/** Newsletter emails queued in one transaction of the sending job. */
export const NEWSLETTER_BATCH = 500;

const title = z
  .string({ error: 'newsTitleRequired' })
  .trim()
  .min(1, 'newsTitleRequired')
  .max(NEWS_TITLE_MAX, 'newsTitleTooLong')
  .refine((v) => !/[\n\r\t]/.test(v), 'controlCharacters');
const body = z.string().max(NEWS_BODY_MAX, 'newsBodyTooLong').default('');

/** POST /backoffice/news, PUT /backoffice/news/:id */
export const NewsDraftRequest = z.object({
  title_en: title,
  title_it: title,
  body_en: body,
  body_it: body,
});
export type NewsDraftRequest = z.input<typeof NewsDraftRequest>;

/** What members read: both languages, bodies already rendered and sanitised. */
export const NewsItemDto = z.object({
  id: z.string(),
  title_en: z.string(),
  title_it: z.string(),
  html_en: z.string(),
  html_it: z.string(),
  image_url: z.string().nullable(),
  published_at: z.string(),
});
export type NewsItemDto = z.infer<typeof NewsItemDto>;

export const NewsListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const NewsListResponse = z.object({
  items: z.array(NewsItemDto),
  page: z.number().int(),
  pages: z.number().int(),
});
export type NewsListResponse = z.infer<typeof NewsListResponse>;

/** The back office's view: the Markdown as typed, the rendered preview, the status. */
export const BackofficeNewsDto = z.object({
  id: z.string(),
  title_en: z.string(),
  title_it: z.string(),
  body_en: z.string(),
  body_it: z.string(),
  html_en: z.string(),
  html_it: z.string(),
  image_url: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type BackofficeNewsDto = z.infer<typeof BackofficeNewsDto>;
export const BackofficeNewsList = z.object({ items: z.array(BackofficeNewsDto) });

/** POST /backoffice/newsletters, PUT /backoffice/newsletters/:id */
export const NewsletterDraftRequest = z.object({
  subject_en: title,
  subject_it: title,
  body_en: body.pipe(z.string().min(1, 'fillMandatory')),
  body_it: body.pipe(z.string().min(1, 'fillMandatory')),
});
export type NewsletterDraftRequest = z.input<typeof NewsletterDraftRequest>;

export const NEWSLETTER_STATUSES = ['draft', 'sending', 'sent'] as const;

export const NewsletterDto = z.object({
  id: z.string(),
  subject_en: z.string(),
  subject_it: z.string(),
  body_en: z.string(),
  body_it: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  recipients: z.number().int(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
});
export type NewsletterDto = z.infer<typeof NewsletterDto>;
export const NewsletterList = z.object({ items: z.array(NewsletterDto) });

/** The email as a member would get it, in one language. */
export const NewsletterPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type NewsletterPreview = z.infer<typeof NewsletterPreview>;
