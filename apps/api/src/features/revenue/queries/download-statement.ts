import { STATEMENT_TYPES } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { actorOf } from '../policies.ts';
import { reportFor } from '../report-access.ts';
import { type StatementType, statementFileName } from '../statement-file.ts';

export async function downloadStatement(
  ctx: AppContext,
  userId: string,
  reportId: string,
): Promise<{ data: Buffer; fileName: string; type: string }> {
  const { report } = await reportFor(ctx, await actorOf(ctx, userId), reportId);
  if (!report.statementKey || !report.statementType) throw notFound();
  const data = await ctx.storage.get(report.statementKey);
  if (!data) throw notFound();
  const type = (STATEMENT_TYPES as readonly string[]).includes(report.statementType)
    ? (report.statementType as StatementType)
    : null;
  if (!type) throw notFound();
  return { data, fileName: statementFileName(report.statementName, type), type };
}
