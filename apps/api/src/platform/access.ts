import { STAFF_ROLES, type StaffRole } from '@indiesplit/shared/pitches';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { Session } from './sessions.ts';
import './http.ts';

// Who is calling, resolved once per request (ADR 0023). The session (loaded for every /api
// request) says who is logged in; the staff role is read from the users table the first time a
// rule asks for it in a request, and that answer is kept for the rest of the request. It is never
// kept longer: a role taken away applies at the next request. Each feature's `policies.ts` states
// its rules on this `Caller`; the routes ask for the caller and hand it to the service.

export interface Caller {
  id: string;
  /** The back-office role now, or null for a member. */
  staffRole: StaffRole | null;
  /** When this session proved a second factor (ADR 0016); null when it has not. */
  secondFactorAt: Date | null;
}

/** A caller with a back-office role. */
export interface Staff {
  id: string;
  role: StaffRole;
}

export const isStaffRole = (value: string | null | undefined): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({ staffRole: users.staffRole })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('access_staff_role');
}

/** A user's back-office role, read now (a deleted account has none). */
export async function staffRoleOf(db: Db, userId: string): Promise<StaffRole | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ userId });
  return isStaffRole(row?.staffRole) ? row.staffRole : null;
}

const resolved = new WeakMap<FastifyRequest, Promise<Caller>>();

async function resolve(db: Db, session: Session): Promise<Caller> {
  return {
    id: session.user.id,
    staffRole: await staffRoleOf(db, session.user.id),
    secondFactorAt: session.secondFactorAt,
  };
}

/** The caller of this request, or null for a visitor; resolved at most once per request. */
export function callerOf(ctx: { db: Db }, req: FastifyRequest): Promise<Caller | null> {
  const session = req.session;
  if (!session) return Promise.resolve(null);
  let caller = resolved.get(req);
  if (!caller) {
    caller = resolve(ctx.db, session);
    resolved.set(req, caller);
    // A failed lookup is not kept: a later rule asks again.
    caller.catch(() => resolved.delete(req));
  }
  return caller;
}

/** The logged-in caller; 401 for a visitor. */
export async function requireCaller(ctx: { db: Db }, req: FastifyRequest): Promise<Caller> {
  const caller = await callerOf(ctx, req);
  if (!caller) throw unauthorized();
  return caller;
}

/** The caller as staff; 401 for a visitor, 403 staffOnly for a member. */
export function asStaff(caller: Caller): Staff {
  if (!caller.staffRole) throw forbidden('staffOnly');
  return { id: caller.id, role: caller.staffRole };
}

/** The caller as an admin; 403 staffOnly for a member, 403 adminOnly for a reviewer. */
export function asAdmin(caller: Caller): Staff {
  const staff = asStaff(caller);
  if (staff.role !== 'admin') throw forbidden('adminOnly');
  return staff;
}

export async function requireStaff(ctx: { db: Db }, req: FastifyRequest): Promise<Staff> {
  return asStaff(await requireCaller(ctx, req));
}

export async function requireAdmin(ctx: { db: Db }, req: FastifyRequest): Promise<Staff> {
  return asAdmin(await requireCaller(ctx, req));
}
