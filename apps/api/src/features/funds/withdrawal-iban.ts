import { normalizeIban } from '@indiesplit/shared/funds';
import type { Language } from '@indiesplit/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { intlLocale, requestLanguage } from '../../platform/i18n.ts';
import { newIbanHoldUntil, recordSensitiveChange } from '../security/changes.ts';
import { ensureRecentAuth } from '../security/step-up.ts';
import { isKnownIban } from './service.ts';

function formatUntil(lang: Language, until: Date): string {
  return `${new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(until)} UTC`;
}

/**
 * The rules of a withdrawal to an IBAN the member has never been paid on (ADR 0015): refused
 * until 72 hours after an email or password change, then a step-up, then the notice to the
 * account's address with an undo link, written in the request's transaction. Answers the callback
 * to run in it, or undefined for a known IBAN.
 */
export async function guardNewWithdrawalIban(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  iban: string,
): Promise<((tx: Db) => Promise<void>) | undefined> {
  if (await isKnownIban(ctx.db, userId, iban)) return undefined;
  const until = await newIbanHoldUntil(ctx.db, userId);
  if (until) {
    throw new AppError('newIbanHeld', 409, {
      params: { until: formatUntil(requestLanguage(req), until) },
      fields: { iban: 'newIbanHeld' },
    });
  }
  const session = await ensureRecentAuth(ctx, req);
  return (tx) =>
    recordSensitiveChange(ctx, tx, {
      userId,
      previousEmail: session.user.email,
      undo: { kind: 'withdrawal_iban', iban: normalizeIban(iban) },
      ip: req.ip,
    });
}
