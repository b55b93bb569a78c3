import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordSensitiveChange, type SecondFactorChange } from '../security/changes.ts';

export type { SecondFactorChange as FactorChange } from '../security/changes.ts';

/**
 * The one place a second-factor change tells the account holder: the platform's sensitive-change
 * notice to the account's address, with a link that undoes it and signs out every session (ADR 0015).
 */
export async function noticeFactorChange(
  ctx: AppContext,
  tx: Db,
  userId: string,
  change: SecondFactorChange,
  ip: string,
): Promise<void> {
  await recordSensitiveChange(ctx, tx, { userId, undo: { kind: 'second_factor', change }, ip });
}
