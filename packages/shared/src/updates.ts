import { z } from 'zod';

// Campaign updates (ADR 0037): the studio's news to its backers and followers. The body is
// Markdown; the server keeps the source and serves the sanitised HTML it renders.

export const UPDATE_TITLE_MAX = 140;
export const UPDATE_BODY_MAX = 20_000;
export const UPDATES_PAGE_SIZE = 10;
export const UPDATE_VISIBILITIES = ['public', 'investors'] as const;
export type UpdateVisibility = (typeof UPDATE_VISIBILITIES)[number];

const text = (max: number) => z.string().trim().max(max);

/** One language's version: both title and body, or neither. */
export const UpdateRequest = z
  .object({
    visibility: z.enum(UPDATE_VISIBILITIES),
    title_en: text(UPDATE_TITLE_MAX).default(''),
    body_en: text(UPDATE_BODY_MAX).default(''),
    title_it: text(UPDATE_TITLE_MAX).default(''),
    body_it: text(UPDATE_BODY_MAX).default(''),
  })
  .superRefine((v, ctx) => {
    const en = v.title_en !== '' || v.body_en !== '';
    const it = v.title_it !== '' || v.body_it !== '';
    if (!en && !it) ctx.addIssue({ code: 'custom', path: ['title_en'], message: 'updateEmpty' });
    for (const lang of ['en', 'it'] as const) {
      const title = v[`title_${lang}`];
      const body = v[`body_${lang}`];
      if ((title === '') !== (body === ''))
        ctx.addIssue({
          code: 'custom',
          path: [title === '' ? `title_${lang}` : `body_${lang}`],
          message: 'updateIncomplete',
        });
    }
  });
export type UpdateRequest = z.infer<typeof UpdateRequest>;

export const UpdateDto = z.object({
  id: z.string(),
  visibility: z.enum(UPDATE_VISIBILITIES),
  /** The reader's language when written in it, the other one otherwise. */
  language: z.enum(['en', 'it']),
  title: z.string(),
  /** Sanitised HTML rendered by the server from the Markdown source. */
  body_html: z.string(),
  created_at: z.string(),
  /** Set when the update was edited after it was posted. */
  edited_at: z.string().nullable(),
});
export type UpdateDto = z.infer<typeof UpdateDto>;

/** What the studio edits: both languages' sources. */
export const UpdateSourceDto = z.object({
  id: z.string(),
  visibility: z.enum(UPDATE_VISIBILITIES),
  title_en: z.string(),
  body_en: z.string(),
  title_it: z.string(),
  body_it: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});

export const UpdateListQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const UpdateListResponse = z.object({
  count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  results: z.array(UpdateDto),
});
export type UpdateListResponse = z.infer<typeof UpdateListResponse>;

export const FollowResponse = z.object({ following: z.boolean() });
export type FollowResponse = z.infer<typeof FollowResponse>;
