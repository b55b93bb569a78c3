import { asAdmin, type Caller, type Staff } from '../../platform/access.ts';

// This feature's rules on the caller, who is resolved once per request (platform/access.ts,
// ADR 0023).

/** Investor classes (the sophisticated-investor requests) are decided by admins. A member gets 403 staffOnly, a reviewer 403 adminOnly. */
export const authorizeInvestorAdmin = (caller: Caller): Staff => asAdmin(caller);

/**
 * A sophisticated-investor request's evidence is personal: its investor and admins may read it;
 * anyone else is told it does not exist (404), so ids cannot be probed.
 */
export const mayReadEvidence = (caller: Caller, ownerId: string): boolean =>
  caller.id === ownerId || caller.staffRole === 'admin';
