import { randomUUID } from 'node:crypto';
import type { RevenueReportDto } from '@indiesplit/shared/revenue';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { actorOf } from '../policies.ts';
import { toDto } from '../presenters/report.ts';
import * as repo from '../repo.ts';
import { reportFor } from '../report-access.ts';
import { conflictWith, unprocessable } from '../report-rules.ts';
import { EXTENSIONS, type StatementUpload, sniffStatement, statementFileName } from '../statement-file.ts';

export async function uploadStatement(
  ctx: AppContext,
  userId: string,
  reportId: string,
  read: () => Promise<StatementUpload>,
): Promise<RevenueReportDto> {
  const actor = await actorOf(ctx, userId);
  const { report: found } = await reportFor(ctx, actor, reportId);
  if (found.status === 'verified') throw conflictWith('reportLocked');
  const upload = await read();
  const type = sniffStatement(upload.data);
  if (!type) throw unprocessable('statementTypeInvalid', 'statement');
  const key = `revenue-statements/${randomUUID()}.${EXTENSIONS[type]}`;
  await ctx.storage.put(key, upload.data);
  let saved: { report: repo.ReportRow; previousKey: string | null };
  try {
    saved = await ctx.db.transaction(async (tx) => {
      const current = await repo.findReport(tx, found.id, true);
      if (!current) throw notFound();
      if (current.status === 'verified') throw conflictWith('reportLocked');
      const report = await repo.updateReport(tx, current.id, {
        statementKey: key,
        statementName: statementFileName(upload.fileName, type),
        statementType: type,
      });
      return { report, previousKey: current.statementKey };
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  // Only once the new file is recorded: a failed replacement keeps the old one.
  if (saved.previousKey) {
    await ctx.storage
      .delete(saved.previousKey)
      .catch((err) => ctx.log.warn({ err }, 'old statement not deleted'));
  }
  return toDto(ctx.db, saved.report);
}
