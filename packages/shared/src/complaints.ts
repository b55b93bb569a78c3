import { z } from 'zod';
import { emailSchema } from './validation.ts';

// Complaints (Regulation (EU) 2020/1503 Art 7; the template of Delegated Regulation (EU) 2022/2117).
// One schema for the filing form and the API; every field is bounded and every problem is a
// message key, so the browser and the server show the same translated field error.

export const COMPLAINT_STATUSES = [
  'received',
  'acknowledged',
  'investigating',
  'answered',
  'closed',
] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** What the complaint is about (the template's "service concerned"). */
export const COMPLAINT_SERVICES = ['investing', 'campaign', 'payments', 'account', 'other'] as const;
export type ComplaintService = (typeof COMPLAINT_SERVICES)[number];

export const COMPLAINT_NAME_MAX = 200;
export const COMPLAINT_ADDRESS_MAX = 500;
export const COMPLAINT_PHONE_MAX = 40;
export const COMPLAINT_TEXT_MAX = 5000;
export const COMPLAINT_NOTE_MAX = 5000;
export const COMPLAINT_ANSWER_MAX = 10000;

/** Default deadlines from receipt (ADR 0030), overridable by configuration. */
export const COMPLAINT_ACK_DAYS = 7;
export const COMPLAINT_ANSWER_DAYS = 60;

/**
 * The status a complaint may move to from each status: forward only, one step at a time or skipping
 * ahead; "answered" only through the answer itself (it carries the text), "closed" is final.
 */
export const COMPLAINT_NEXT: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
  received: ['acknowledged', 'investigating'],
  acknowledged: ['investigating'],
  investigating: [],
  answered: ['closed'],
  closed: [],
};

/** Reference shown to the complainant, e.g. C-2026-7KQ4M2XP. */
export const COMPLAINT_REFERENCE = /^C-\d{4}-[0-9A-Z]{8}$/;

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'complaintFieldTooLong')
    .refine((v) => !/[\t\n\r]/.test(v), 'controlCharacters')
    .default('');

const requiredLine = (max: number) =>
  z
    .string({ error: 'fillMandatory' })
    .trim()
    .min(1, 'fillMandatory')
    .max(max, 'complaintFieldTooLong')
    .refine((v) => !/[\t\n\r]/.test(v), 'controlCharacters');

const longText = (max: number) =>
  z.string({ error: 'fillMandatory' }).trim().min(1, 'fillMandatory').max(max, 'textTooLong');

const isoDay = z.iso.date({ error: 'invalidDate' });

/** POST /complaints/ — the template's fields. */
export const FileComplaintRequest = z
  .object({
    name: requiredLine(COMPLAINT_NAME_MAX),
    email: emailSchema,
    address: optionalLine(COMPLAINT_ADDRESS_MAX),
    phone: optionalLine(COMPLAINT_PHONE_MAX),
    via_representative: z.boolean().default(false),
    representative_name: optionalLine(COMPLAINT_NAME_MAX),
    representative_contact: optionalLine(COMPLAINT_ADDRESS_MAX),
    service: z.enum(COMPLAINT_SERVICES, { error: 'fillMandatory' }),
    /** The campaign's address (slug), when it concerns one; optional. */
    campaign_slug: optionalLine(100),
    facts_from: isoDay,
    facts_to: z.union([isoDay, z.literal('')]).default(''),
    description: longText(COMPLAINT_TEXT_MAX),
    remedy: longText(COMPLAINT_TEXT_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.via_representative && !v.representative_name)
      ctx.addIssue({ code: 'custom', path: ['representative_name'], message: 'fillMandatory' });
    const today = new Date().toISOString().slice(0, 10);
    if (v.facts_from > today)
      ctx.addIssue({ code: 'custom', path: ['facts_from'], message: 'complaintDateFuture' });
    if (v.facts_to && v.facts_to < v.facts_from)
      ctx.addIssue({ code: 'custom', path: ['facts_to'], message: 'complaintDatesOrder' });
  });
export type FileComplaintRequest = z.input<typeof FileComplaintRequest>;

export const FileComplaintResponse = z.object({ reference: z.string() });

/** POST /complaints/lookup — the status link's reference and token. */
export const ComplaintLookupRequest = z.object({
  reference: z.string().trim().max(40),
  token: z.string().max(200),
});

/** What the complainant sees: the status and the dates, the answer once given; never the notes. */
export const ComplaintStatusDto = z.object({
  reference: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  service: z.enum(COMPLAINT_SERVICES),
  received_at: z.string(),
  acknowledged_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  answer_due_at: z.string(),
  answer: z.string().nullable(),
});
export type ComplaintStatusDto = z.infer<typeof ComplaintStatusDto>;

export const MyComplaintsResponse = z.object({ complaints: z.array(ComplaintStatusDto) });

// ---- back office ------------------------------------------------------------------------------

export const ComplaintRegisterQuery = z.object({
  status: z.enum(COMPLAINT_STATUSES).optional(),
  overdue: z.enum(['1']).optional(),
});

export const ComplaintRegisterRow = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  service: z.enum(COMPLAINT_SERVICES),
  complainant: z.string(),
  received_at: z.string(),
  acknowledge_due_at: z.string(),
  answer_due_at: z.string(),
  /** Which step is late now: acknowledging, answering, or none. */
  overdue: z.enum(['acknowledge', 'answer']).nullable(),
  assignee: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type ComplaintRegisterRow = z.infer<typeof ComplaintRegisterRow>;

export const ComplaintRegister = z.object({ complaints: z.array(ComplaintRegisterRow) });

export const ComplaintNoteDto = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  created_at: z.string(),
});

export const ComplaintDetail = ComplaintRegisterRow.extend({
  language: z.string(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  via_representative: z.boolean(),
  representative_name: z.string(),
  representative_contact: z.string(),
  campaign: z.object({ id: z.string(), slug: z.string().nullable(), title: z.string() }).nullable(),
  facts_from: z.string(),
  facts_to: z.string().nullable(),
  description: z.string(),
  remedy: z.string(),
  acknowledged_at: z.string().nullable(),
  investigating_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  answer: z.string().nullable(),
  next: z.array(z.enum(COMPLAINT_STATUSES)),
  notes: z.array(ComplaintNoteDto),
});
export type ComplaintDetail = z.infer<typeof ComplaintDetail>;

export const ComplaintStatusRequest = z.object({
  status: z.enum(COMPLAINT_STATUSES, { error: 'invalidValue' }),
});
export const ComplaintAssignRequest = z.object({ assignee_id: z.uuid({ error: 'invalidValue' }).nullable() });
export const ComplaintNoteRequest = z.object({
  body: z
    .string({ error: 'fillMandatory' })
    .trim()
    .min(1, 'fillMandatory')
    .max(COMPLAINT_NOTE_MAX, 'textTooLong'),
});
export const ComplaintAnswerRequest = z.object({
  answer: z
    .string({ error: 'fillMandatory' })
    .trim()
    .min(1, 'fillMandatory')
    .max(COMPLAINT_ANSWER_MAX, 'complaintAnswerTooLong'),
});

export const ComplaintAssignees = z.object({
  assignees: z.array(z.object({ id: z.string(), username: z.string() })),
});

export const ComplaintFiguresQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const ComplaintFigures = z.object({
  year: z.number(),
  received: z.number(),
  answered: z.number(),
  closed: z.number(),
  /** Median days (one decimal) from receipt to answer of those answered in the year; null: none. */
  median_days_to_answer: z.number().nullable(),
  /** Complaints received in the year whose answer came late or is late now. */
  overdue: z.number(),
});
export type ComplaintFigures = z.infer<typeof ComplaintFigures>;
