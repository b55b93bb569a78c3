import { asAdmin, type Caller, type Staff } from '../../platform/access.ts';

// This feature's rules on the caller (platform/access.ts, ADR 0023).

/**
 * Studios' verifications are due diligence of the platform itself (ECSP Art 5): admins decide
 * them. A member gets 403 staffOnly, a reviewer (an outside consultant) 403 adminOnly.
 */
export const authorizeKybAdmin = (caller: Caller): Staff => asAdmin(caller);

/** The registration proof is the studio's and admins'; anyone else is told it does not exist. */
export const mayReadKybDocument = (caller: Caller, ownerId: string): boolean =>
  caller.id === ownerId || caller.staffRole === 'admin';
