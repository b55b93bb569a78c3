import { asAdmin, type Caller, type Staff } from '../../platform/access.ts';

// This feature's rules on the caller (platform/access.ts, ADR 0023).

/** The complaints register is kept by admins: a member gets 403 staffOnly, a reviewer 403 adminOnly. */
export const authorizeComplaintsAdmin = (caller: Caller): Staff => asAdmin(caller);
