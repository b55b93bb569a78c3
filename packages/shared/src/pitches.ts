import { z } from 'zod';
import { PITCH_PLATFORMS } from './platforms.ts';
import { emailSchema } from './validation.ts';

// Contracts of the pitch calls (spec §3 "Contact", "Project submission", §7 /projects/*) and of the
// review back office. Field names of the spec's calls are the spec's; the rest are ours.

// The platforms live in a module of their own, without the schemas, so the public campaign pages
// can name them without loading the validation library.
export { PITCH_PLATFORMS, type PitchPlatform, PLATFORM_LABELS, platformLabel } from './platforms.ts';

/** The services a developer looks for; the form sends one of the three spec choices comma-joined. */
export const LOOKING_FOR = ['funding', 'services', 'hr'] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];
export const SERVICE_CHOICE_VALUES = ['funding', 'funding,services', 'funding,services,hr'] as const;

export const PITCH_PDF_MAX_BYTES = 25 * 1024 * 1024;
export const PITCH_TEXT_MAX = 5000;
export const PITCH_NAME_MAX = 200;
export const PITCH_URL_MAX = 2000;
/** Release date at least one month ahead (spec §5). */
export const PITCH_MIN_RELEASE_MONTHS = 1;

/**
 * The earliest release date a pitch may give, YYYY-MM-DD: today (UTC) plus PITCH_MIN_RELEASE_MONTHS,
 * clamped to the end of a shorter month (31 January -> 28 or 29 February), so server and form agree.
 */
export function earliestReleaseDate(now: Date = new Date()): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + PITCH_MIN_RELEASE_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

export const PITCH_STATUSES = [
  'submitted',
  'in_review',
  'changes_requested',
  'approved',
  'rejected',
] as const;
export type PitchStatus = (typeof PITCH_STATUSES)[number];

/**
 * The only moves a pitch's status can make. submitted -> in_review when an admin assigns the first
 * reviewer; in_review -> a decision; changes_requested -> in_review when the developer resubmits.
 * An admin may also reject a pitch straight from the queue (spam, out of scope).
 */
export const PITCH_TRANSITIONS: Record<PitchStatus, readonly PitchStatus[]> = {
  submitted: ['in_review', 'rejected'],
  in_review: ['changes_requested', 'approved', 'rejected'],
  changes_requested: ['in_review', 'rejected'],
  approved: [],
  rejected: [],
};

export function canMovePitch(from: PitchStatus, to: PitchStatus): boolean {
  return PITCH_TRANSITIONS[from].includes(to);
}

export const STAFF_ROLES = ['admin', 'reviewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The fixed review rubric, 1–5 each. */
export const REVIEW_CRITERIA = ['team', 'game', 'market', 'budget_realism'] as const;
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number];
export const REVIEW_COMMENT_MAX = 5000;

// ---- developer side ------------------------------------------------------------------------

/** POST /projects/add-contact/ (spec §3 "Contact"). */
export const ContactRequest = z.object({
  name: z
    .string({ error: 'fillMandatory' })
    .trim()
    .min(1, 'fillMandatory')
    .max(PITCH_NAME_MAX, 'pitchFieldTooLong'),
  email: emailSchema,
  asked_for_contact: z.boolean().default(false),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactResponse = z.object({ success: z.literal(true), id: z.string() });

/**
 * POST /projects/submit-project/ (multipart, spec §3 "Project submission"): every text field as the
 * browser sends it; the server parses amounts into cents, lists from comma-joined text, booleans
 * from "true"/"false". The file part is `pitch_file`. Errors are message keys.
 */
export const SUBMIT_PROJECT_FIELDS = [
  'name',
  'email',
  'project_name',
  'expected_production_budget',
  'required_funding_size',
  'distribution_platforms',
  'is_debut_title',
  'expected_release_date',
  'i_am_looking_for',
  'plan_to_choose_publisher',
  'notes',
  'trailer_link',
  'demo_link',
  'pitch_password',
] as const;

export const SubmitProjectResponse = z.object({ success: z.literal(true), id: z.string() });

/** A pitch as its developer sees it ("My pitches"). */
export const PitchDto = z.object({
  id: z.string(),
  project_name: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(PITCH_STATUSES),
  /** The reviewers' message with the last decision (changes requested, rejected, approved). */
  decision_message: z.string().nullable(),
  expected_production_budget_cents: z.number().int(),
  required_funding_size_cents: z.number().int(),
  distribution_platforms: z.array(z.string()),
  is_debut_title: z.boolean(),
  expected_release_date: z.string(),
  i_am_looking_for: z.array(z.enum(LOOKING_FOR)),
  plan_to_choose_publisher: z.boolean(),
  notes: z.string(),
  trailer_link: z.string().nullable(),
  demo_link: z.string().nullable(),
  has_pitch_password: z.boolean(),
  pdf_bytes: z.number().int(),
  revision: z.number().int(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  /** True while the developer may edit and resubmit (status changes_requested). */
  can_resubmit: z.boolean(),
});
export type PitchDto = z.infer<typeof PitchDto>;

/**
 * A pitch in "My pitches", with the campaign its approval created: the developer follows it there.
 * `status` tells whether the campaign has a public page yet (a draft has none).
 */
export const MyPitchDto = PitchDto.extend({
  campaign: z.object({ id: z.string(), slug: z.string().nullable(), status: z.string() }).nullable(),
});
export type MyPitchDto = z.infer<typeof MyPitchDto>;

export const MyPitchesResponse = z.object({ pitches: z.array(MyPitchDto) });

// ---- back office ---------------------------------------------------------------------------

export const PitchQuery = z.object({
  status: z.enum(PITCH_STATUSES).optional(),
  platform: z.enum(PITCH_PLATFORMS).optional(),
  /** Production budget range, whole euros. */
  budget_min: z.coerce.number().int().min(0).optional(),
  budget_max: z.coerce.number().int().min(0).optional(),
  /** Submitted on or after / on or before, YYYY-MM-DD. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Searches project name, developer name and email. */
  q: z.string().trim().max(200).optional(),
});
export type PitchQuery = z.infer<typeof PitchQuery>;

export const StaffUserDto = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffUserDto = z.infer<typeof StaffUserDto>;

export const ReviewScores = z.object({
  team: z.number().int().min(1, 'invalidScore').max(5, 'invalidScore'),
  game: z.number().int().min(1, 'invalidScore').max(5, 'invalidScore'),
  market: z.number().int().min(1, 'invalidScore').max(5, 'invalidScore'),
  budget_realism: z.number().int().min(1, 'invalidScore').max(5, 'invalidScore'),
});

/** PUT /backoffice/pitches/:id/review — the caller's review of the pitch's current revision. */
export const ReviewRequest = ReviewScores.extend({
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, 'textTooLong').default(''),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;

export const ReviewDto = ReviewScores.extend({
  id: z.string(),
  reviewer: z.object({ id: z.string(), username: z.string() }),
  revision: z.number().int(),
  comment: z.string(),
  average: z.number(),
  updated_at: z.string(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

export const PitchEventDto = z.object({
  id: z.number().int(),
  pitch_id: z.string(),
  project_name: z.string(),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  from_status: z.enum(PITCH_STATUSES).nullable(),
  to_status: z.enum(PITCH_STATUSES),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type PitchEventDto = z.infer<typeof PitchEventDto>;

export const BackofficePitchSummary = z.object({
  id: z.string(),
  project_name: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(PITCH_STATUSES),
  expected_production_budget_cents: z.number().int(),
  required_funding_size_cents: z.number().int(),
  distribution_platforms: z.array(z.string()),
  expected_release_date: z.string(),
  submitted_at: z.string(),
  revision: z.number().int(),
  review_count: z.number().int(),
  /** Mean of every criterion of every review of the current revision; null without reviews. */
  average_score: z.number().nullable(),
});
export type BackofficePitchSummary = z.infer<typeof BackofficePitchSummary>;

export const BackofficePitchList = z.object({ pitches: z.array(BackofficePitchSummary) });

export const BackofficePitchDetail = PitchDto.extend({
  /** Decrypted for staff only. */
  pitch_password: z.string().nullable(),
  user_id: z.string().nullable(),
  assignments: z.array(StaffUserDto),
  /** Admin: every review of every revision. Reviewer: their own reviews only. */
  reviews: z.array(ReviewDto),
  average_score: z.number().nullable(),
  events: z.array(PitchEventDto),
  campaign_id: z.string().nullable(),
});
export type BackofficePitchDetail = z.infer<typeof BackofficePitchDetail>;

/** POST /backoffice/pitches/:id/assignments (admin). Assigning moves a submitted pitch in review. */
export const AssignRequest = z.object({ reviewer_id: z.uuid('invalidValue') });

export const DECISIONS = ['request_changes', 'reject', 'approve'] as const;
export type Decision = (typeof DECISIONS)[number];

/** POST /backoffice/pitches/:id/decision (admin). A message is required except for approval. */
export const DecisionRequest = z.object({
  decision: z.enum(DECISIONS, { error: 'invalidValue' }),
  message: z.string().trim().max(REVIEW_COMMENT_MAX, 'textTooLong').default(''),
});
export type DecisionRequest = z.infer<typeof DecisionRequest>;

export const ContactDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  asked_for_contact: z.boolean(),
  created_at: z.string(),
  called_at: z.string().nullable(),
  called_by: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type ContactDto = z.infer<typeof ContactDto>;

export const ContactList = z.object({ contacts: z.array(ContactDto) });

/** POST /backoffice/contacts/:id/called — mark (or unmark) a call-back as done. */
export const MarkCalledRequest = z.object({ called: z.boolean() });

export const AuditList = z.object({
  events: z.array(PitchEventDto),
  next_before: z.number().int().nullable(),
});

// ---- additions for the back office ----------------------------------------------------------

/** GET /backoffice/reviewers (admin): everyone who holds a staff role. */
export const StaffList = z.object({ staff: z.array(StaffUserDto) });

/** GET /backoffice/contacts?called=true|false: the call list, optionally only done or only to do. */
export const ContactQuery = z.object({ called: z.enum(['true', 'false']).optional() });

/** POST /projects/:id/resubmit/ — the submission's answer, with the pitch as it now stands. */
export const ResubmitResponse = SubmitProjectResponse.extend({ pitch: PitchDto });

export const AUDIT_PAGE_SIZE = 50;

/** GET /backoffice/audit?before=<id>: the page of status changes older than `before`. */
export const AuditQuery = z.object({ before: z.coerce.number().int().positive().optional() });
