import type { Staff } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';

// Who may do what in the back office's pitch queue (ADR 0008, ADR 0023). The caller is resolved
// once per request (platform/access.ts); these are the queue's own rules on it.

/** Admins run the queue: the staff list, assignments, decisions and the audit log. */
export function authorizeQueueAdmin(staff: Staff): void {
  if (staff.role !== 'admin') throw forbidden('adminOnly');
}

/** An admin sees every pitch and every score; a reviewer only what is assigned to them. */
export const seesEveryPitch = (staff: Staff): boolean => staff.role === 'admin';

/** The reviewer a listing is narrowed to: null for an admin, the reviewer's own id otherwise. */
export const reviewerScope = (staff: Staff): string | null => (seesEveryPitch(staff) ? null : staff.id);
