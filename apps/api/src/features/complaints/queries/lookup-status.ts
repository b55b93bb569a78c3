import type { ComplaintStatusDto } from '@indiesplit/shared/complaints';
import type { AppContext } from '../../../platform/context.ts';
import { safeEqual } from '../../../platform/crypto.ts';
import { notFound } from '../../../platform/errors.ts';
import { RULES } from '../../../platform/rate-limit.ts';
import { toStatusDto } from '../presenters/complaint.ts';
import { hashStatusToken } from '../reference.ts';
import * as repo from '../repo.ts';

/**
 * The status through the emailed link: the reference and its token must match. A wrong token and an
 * unknown reference get the same 404, so the answer tells nothing about which references exist.
 */
export async function lookupComplaintStatus(
  ctx: AppContext,
  input: { reference: string; token: string },
  ip: string,
): Promise<ComplaintStatusDto> {
  await ctx.limiter.consume(RULES.complaintLookupPerIp, ip);
  const complaint = await repo.findByReference(ctx.db, input.reference.toUpperCase());
  if (!complaint || !safeEqual(complaint.statusTokenHash, hashStatusToken(input.token))) {
    throw notFound('complaintNotFound');
  }
  return toStatusDto(complaint);
}
