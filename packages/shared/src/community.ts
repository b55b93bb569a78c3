import { z } from 'zod';

// Questions and comments on campaign pages (ADR 0038). Posts are plain text: the browser renders
// them as text, never as HTML, so markup a member types is shown as typed. Threads are one level
// deep: a top-level question or comment, and replies to it.

export const POST_KINDS = ['question', 'comment'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Who speaks, as the badge beside a post says. */
export const POST_BADGES = ['studio', 'staff', 'investor'] as const;
export type PostBadge = (typeof POST_BADGES)[number];

export const POST_BODY_MAX = 2000;
export const HIDE_REASON_MAX = 500;
export const REPORT_REASON_MAX = 500;
/** Top-level threads on one page of a campaign's discussion. */
export const THREADS_PER_PAGE = 20;
/** A question of a live offer unanswered this long reminds the studio (once). */
export const UNANSWERED_REMINDER_HOURS = 48;
/** Posts one account may write in 24 hours, across every campaign. */
export const POSTS_PER_DAY = 20;

const body = z
  .string({ error: 'fillMandatory' })
  .trim()
  .min(1, 'fillMandatory')
  .max(POST_BODY_MAX, 'communityPostTooLong')
  // Control characters other than line breaks and tabs have no place in a post.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
  .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), 'controlCharacters');

/** POST /campaigns/:slug/posts */
export const NewPostRequest = z.object({
  kind: z.enum(POST_KINDS, { error: 'fillMandatory' }),
  body,
});
export type NewPostRequest = z.input<typeof NewPostRequest>;

/** POST /community/posts/:id/replies */
export const NewReplyRequest = z.object({ body });
export type NewReplyRequest = z.input<typeof NewReplyRequest>;

/** POST /community/posts/:id/report */
export const ReportPostRequest = z.object({
  reason: z.string().trim().max(REPORT_REASON_MAX, 'communityReasonTooLong').default(''),
});

/** POST /backoffice/community/posts/:id/hide */
export const HidePostRequest = z.object({
  reason: z
    .string({ error: 'communityHideReasonRequired' })
    .trim()
    .min(1, 'communityHideReasonRequired')
    .max(HIDE_REASON_MAX, 'communityReasonTooLong'),
});

/** POST /backoffice/community/posts/:id/pin */
export const PinPostRequest = z.object({ pinned: z.boolean() });

const PostFields = {
  id: z.string(),
  /** The author's username; null for an erased account. */
  author: z.string().nullable(),
  badges: z.array(z.enum(POST_BADGES)),
  body: z.string(),
  created_at: z.string(),
  /** Set on a hidden post, which only its author and staff see, with the reason. */
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  mine: z.boolean(),
};

export const ReplyDto = z.object(PostFields);
export type ReplyDto = z.infer<typeof ReplyDto>;

export const ThreadDto = z.object({
  ...PostFields,
  kind: z.enum(POST_KINDS),
  pinned: z.boolean(),
  /** A question the studio has answered. */
  answered: z.boolean(),
  replies: z.array(ReplyDto),
});
export type ThreadDto = z.infer<typeof ThreadDto>;

export const CampaignPostsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const CampaignPostsResponse = z.object({
  threads: z.array(ThreadDto),
  page: z.number().int(),
  pages: z.number().int(),
  /** Visible questions the studio has not answered yet. */
  unanswered: z.number().int(),
  /** What the caller may do here. */
  can_post: z.boolean(),
  can_moderate: z.boolean(),
});
export type CampaignPostsResponse = z.infer<typeof CampaignPostsResponse>;

export const PostCreatedResponse = z.object({ id: z.string() });

/** The back office's queue of reported posts. */
export const ReportedPostDto = z.object({
  id: z.string(),
  campaign_slug: z.string().nullable(),
  campaign_title: z.string(),
  author: z.string().nullable(),
  body: z.string(),
  hidden: z.boolean(),
  reports: z.number().int(),
  reasons: z.array(z.string()),
  last_reported_at: z.string(),
});
export const ReportedPostsResponse = z.object({ posts: z.array(ReportedPostDto) });
export type ReportedPostDto = z.infer<typeof ReportedPostDto>;

// ---- studio profiles ---------------------------------------------------------------------------

export const STUDIO_BIO_MAX = 2000;
export const STUDIO_LINKS_MAX = 5;

const httpsUrl = z
  .string()
  .trim()
  .max(300, 'studioLinkInvalid')
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', 'studioLinkInvalid');

/** PUT /studio-profile/ — what a studio writes about itself. */
export const StudioProfileRequest = z.object({
  bio: z.string().trim().max(STUDIO_BIO_MAX, 'studioBioTooLong').default(''),
  links: z
    .array(
      z.object({
        label: z.string().trim().min(1, 'fillMandatory').max(60, 'studioLinkInvalid'),
        url: httpsUrl,
      }),
    )
    .max(STUDIO_LINKS_MAX, 'studioTooManyLinks')
    .default([]),
});
export type StudioProfileRequest = z.input<typeof StudioProfileRequest>;

export const MyStudioProfile = z.object({
  username: z.string(),
  bio: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  logo_url: z.string().nullable(),
});
export type MyStudioProfile = z.infer<typeof MyStudioProfile>;

/** A studio's public page: its profile and its campaigns with their outcomes. */
export const StudioPage = z.object({
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  logo_url: z.string().nullable(),
  campaigns: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      status: z.string(),
      currency: z.string(),
      goal_cents: z.number().int(),
      committed_cents: z.number().int(),
      investor_count: z.number().int(),
      launched_on: z.string().nullable(),
    }),
  ),
});
export type StudioPage = z.infer<typeof StudioPage>;
