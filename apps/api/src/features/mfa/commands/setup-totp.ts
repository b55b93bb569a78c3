import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Session } from '../../../platform/sessions.ts';
import { MFA_RULES } from '../limits.ts';
import * as repo from '../repo.ts';
import { seal } from '../secret-box.ts';
import { totpFor } from '../totp-codes.ts';

/** A new secret, kept unconfirmed until a code from it and the password turn it on. */
export async function setupTotp(ctx: AppContext, session: Session) {
  const userId = session.user.id;
  await ctx.limiter.consume(MFA_RULES.setupPerAccount, userId);
  const existing = await repo.findTotp(ctx.db, userId);
  if (existing?.enabledAt) throw new AppError('mfaAlreadyEnabled', 409);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  if (!(await repo.saveTotpSetup(ctx.db, userId, seal(ctx.config.sessionSecret, userId, secret)))) {
    throw new AppError('mfaAlreadyEnabled', 409);
  }
  const url = totpFor(secret, session.user.username).toString();
  const qr = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: url, qr_svg: qr };
}
