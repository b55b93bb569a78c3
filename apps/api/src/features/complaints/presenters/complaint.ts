import {
  COMPLAINT_NEXT,
  type ComplaintDetail,
  type ComplaintRegisterRow,
  type ComplaintStatusDto,
} from '@indiesplit/shared/complaints';
import { overdueStep } from '../deadlines.ts';
import type { ComplaintRow } from '../repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The complainant's view: status, dates and the answer; never the notes, assignee or contact data. */
export function toStatusDto(c: ComplaintRow): ComplaintStatusDto {
  return {
    reference: c.reference,
    status: c.status,
    service: c.service,
    received_at: c.receivedAt.toISOString(),
    acknowledged_at: iso(c.acknowledgedAt),
    answered_at: iso(c.answeredAt),
    closed_at: iso(c.closedAt),
    answer_due_at: c.answerDueAt.toISOString(),
    answer: c.answer,
  };
}

type Assignee = { id: string; username: string } | null;

export function toRegisterRow(c: ComplaintRow, assignee: Assignee, now: Date): ComplaintRegisterRow {
  return {
    id: c.id,
    reference: c.reference,
    status: c.status,
    service: c.service,
    complainant: c.name,
    received_at: c.receivedAt.toISOString(),
    acknowledge_due_at: c.acknowledgeDueAt.toISOString(),
    answer_due_at: c.answerDueAt.toISOString(),
    overdue: overdueStep(c, now),
    assignee: assignee?.id ? assignee : null,
  };
}

export function toDetail(
  c: ComplaintRow,
  assignee: Assignee,
  campaign: { id: string; slug: string | null; title: string } | null,
  notes: Array<{ id: string; body: string; author: string | null; createdAt: Date }>,
  now: Date,
): ComplaintDetail {
  return {
    ...toRegisterRow(c, assignee, now),
    language: c.language,
    name: c.name,
    email: c.email,
    address: c.address,
    phone: c.phone,
    via_representative: c.viaRepresentative,
    representative_name: c.representativeName,
    representative_contact: c.representativeContact,
    campaign: campaign?.id ? campaign : null,
    facts_from: c.factsFrom,
    facts_to: c.factsTo,
    description: c.description,
    remedy: c.remedy,
    acknowledged_at: iso(c.acknowledgedAt),
    investigating_at: iso(c.investigatingAt),
    answered_at: iso(c.answeredAt),
    closed_at: iso(c.closedAt),
    answer: c.answer,
    next: [...COMPLAINT_NEXT[c.status]],
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      author: n.author,
      created_at: n.createdAt.toISOString(),
    })),
  };
}
