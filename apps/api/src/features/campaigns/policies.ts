import { asAdmin, type Caller, type Staff } from '../../platform/access.ts';

// This feature's rules on the caller, who is resolved once per request (platform/access.ts,
// ADR 0023).

/** The back office of campaigns (edit, open, move, cancel) is for admins. A member gets 403 staffOnly, a reviewer 403 adminOnly. */
export const authorizeCampaignAdmin = (caller: Caller): Staff => asAdmin(caller);
