import type { AppContext } from '../../../platform/context.ts';
import { textCell } from '../../revenue/portfolio.ts';
import { overdueStep } from '../deadlines.ts';
import * as repo from '../repo.ts';

const HEADER = [
  'reference',
  'status',
  'service',
  'complainant',
  'email',
  'campaign_id',
  'facts_from',
  'facts_to',
  'received_at',
  'acknowledge_due_at',
  'acknowledged_at',
  'answer_due_at',
  'answered_at',
  'closed_at',
  'overdue',
  'assignee',
  'description',
  'remedy',
  'answer',
];

const at = (d: Date | null) => (d ? d.toISOString() : '');

/**
 * The register as CSV (RFC 4180, CRLF, a byte order mark for spreadsheets). Every text cell goes
 * through textCell: what a complainant typed may start with = + - @ and must not run as a formula.
 */
export async function exportComplaintRegister(ctx: AppContext, now = new Date()): Promise<string> {
  const rows = await repo.listRegister(ctx.db, {}, null);
  const lines = [
    HEADER.join(','),
    ...rows.map(({ complaint: c, assignee }) =>
      [
        c.reference,
        c.status,
        c.service,
        c.name,
        c.email,
        c.campaignId ?? '',
        c.factsFrom,
        c.factsTo ?? '',
        at(c.receivedAt),
        at(c.acknowledgeDueAt),
        at(c.acknowledgedAt),
        at(c.answerDueAt),
        at(c.answeredAt),
        at(c.closedAt),
        overdueStep(c, now) ?? '',
        assignee?.username ?? '',
        c.description,
        c.remedy,
        c.answer ?? '',
      ]
        .map((cell) => textCell(cell))
        .join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
