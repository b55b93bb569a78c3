import type { MessageKey } from '@indiesplit/shared/messages';
import { AppError } from '../../platform/errors.ts';

// Revenue reports (ADR 0014): the campaign's developer, or an admin acting for them, files a
// report of a month's or quarter's sales; an admin verifies it (which creates its distribution)
// or sends it back with a comment. Who may do what is in report-access.ts, what a report may say
// in report-checks.ts; each operation has its own file under commands/ and queries/, and the
// routes only read the request.

/** Campaigns whose developer sees them under "My campaigns". */
// "My campaigns" shows a round from the moment it is announced, so the studio follows it while it
// raises money, not only after it was funded.
export const DEVELOPER_STATUSES = [
  'scheduled',
  'live',
  'funded',
  'services_active',
  'launched',
  'completed',
] as const;
/** Reports may be filed for these. */
export const REPORTING_STATUSES: readonly string[] = ['launched', 'completed'];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

export const unprocessable = (code: MessageKey, field: string) =>
  new AppError(code, 422, { fields: { [field]: code } });
export const conflictWith = (code: MessageKey, field?: string) =>
  new AppError(code, 409, field ? { fields: { [field]: code } } : {});
