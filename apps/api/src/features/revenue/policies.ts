import { asAdmin, type Caller, type Staff, staffRoleOf } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';

// Who may act on revenue reports and distributions (ADR 0023). A report is filed by its campaign's
// developer or an admin; the back office's review of reports and the distributions are for admins.

export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** The caller, with whether they are an admin now (a role taken away applies at once). */
export async function actorOf(ctx: AppContext, userId: string): Promise<Actor> {
  return { id: userId, isAdmin: (await staffRoleOf(ctx.db, userId)) === 'admin' };
}

/** The same, from a caller the request already resolved. */
export const actorFrom = (caller: Caller): Actor => ({
  id: caller.id,
  isAdmin: caller.staffRole === 'admin',
});

/** Reports' back office: anyone but an admin gets 403 adminOnly (members included). */
export function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw forbidden('adminOnly');
}

export function requireDeveloperOrAdmin(actor: Actor, campaign: { developerId: string | null }): void {
  if (campaign.developerId !== actor.id && !actor.isAdmin) throw forbidden('notCampaignDeveloper');
}

/** Distributions are funded and listed by admins: a member gets 403 staffOnly, a reviewer adminOnly. */
export const authorizeDistribution = (caller: Caller): Staff => asAdmin(caller);
