import { createHash } from 'node:crypto';
import type { KeyInformationDto } from '@indiesplit/shared/campaigns';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import * as versions from '../key-information-repo.ts';
import { configuredTerms, keyInformationOf } from '../presenters/key-information.ts';
import * as repo from '../repo.ts';
import { type CampaignRow, lockCampaign } from '../state.ts';

// Versions of the key investment information sheet (ADR 0029). The sheet is what keyInformationOf
// builds, in English and Italian; a version is recorded when a campaign is published and whenever
// an edit changes that content (its SHA-256 differs from the latest version's). The campaign row's
// `key_information_version` names the current one: an investment is taken only with it.

/** The sheet in both languages, as stored in a version. */
export type SheetContent = { en: KeyInformationDto; it: KeyInformationDto };

/**
 * Fields of the sheet whose change is NOT material: the start of the offer, which the opening
 * brings forward to the moment it opens. Every other field — the money terms, dates, fee,
 * reflection period, services, the owner, the risks and the use of funds, and any field the
 * sheet gains later — is material by default.
 */
export const NON_MATERIAL_FIELDS: ReadonlySet<string> = new Set(['starts_at']);

/** JSON with every object's keys sorted, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sheetHash = (content: SheetContent): string =>
  createHash('sha256').update(canonicalJson(content)).digest('hex');

/** Parts of the sheet rendered from its fields (the Annex I sections and the warnings). */
const RENDERED_PARTS: ReadonlySet<string> = new Set(['sections', 'warnings']);

function differences(before: SheetContent, after: SheetContent): { fields: Set<string>; rendered: boolean } {
  const fields = new Set<string>();
  let rendered = false;
  for (const lang of ['en', 'it'] as const) {
    const a = (before[lang] ?? {}) as Record<string, unknown>;
    const b = (after[lang] ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (canonicalJson(a[key]) === canonicalJson(b[key])) continue;
      if (RENDERED_PARTS.has(key)) rendered = true;
      else fields.add(key);
    }
  }
  return { fields, rendered };
}

/**
 * The sheet's fields that differ between two versions, in either language, sorted. The rendered
 * sections repeat the fields, so they are named (`sections`) only when they changed for a reason
 * no material field gives — the studio's identity, the description — which `sameStart` tells: the
 * new sheet built with the previous version's start of the offer. Without it, any change of the
 * rendered parts that no material field explains counts.
 */
export function changedFields(before: SheetContent, after: SheetContent, sameStart?: SheetContent): string[] {
  const { fields, rendered } = differences(before, after);
  if (rendered && !isMaterial([...fields]) && differences(before, sameStart ?? after).rendered)
    fields.add('sections');
  return [...fields].sort();
}

export const isMaterial = (changes: readonly string[]) => changes.some((f) => !NON_MATERIAL_FIELDS.has(f));

export interface MaterialChange {
  campaign: CampaignRow;
  version: versions.KeyInformationVersionRow;
  previousNumber: number;
  changes: string[];
}

/**
 * What a material change does for the investors (reopen their right to revoke, tell them), in the
 * change's transaction. Investments are another feature's: the app layer registers it
 * (app/key-information-change.ts) so that campaigns imports none of them (ADR 0023).
 */
export type MaterialChangeListener = (ctx: AppContext, tx: Db, change: MaterialChange) => Promise<void>;
let listener: MaterialChangeListener | undefined;

export function registerMaterialChangeListener(fn: MaterialChangeListener): void {
  listener = fn;
}

const sheetOf = (ctx: AppContext, row: CampaignRow, developerUsername: string | null): SheetContent => ({
  en: keyInformationOf(row, developerUsername, 'en', configuredTerms(ctx.config)),
  it: keyInformationOf(row, developerUsername, 'it', configuredTerms(ctx.config)),
});

/** The start of the offer a stored version names (null when it named none). */
const startOf = (content: SheetContent): Date | null =>
  content.en?.starts_at ? new Date(content.en.starts_at) : null;

/**
 * Records a new version of a locked campaign's sheet if its content differs from the latest
 * version (none made otherwise: returns null). A material change calls the registered listener in
 * the same transaction, so the version, the reopened reflection periods and the emails commit
 * together or not at all.
 */
export async function recordKeyInformationVersion(
  ctx: AppContext,
  tx: Db,
  campaignId: string,
  now: Date = new Date(),
): Promise<versions.KeyInformationVersionRow | null> {
  const found = await repo.findById(tx, campaignId);
  if (!found) return null;
  const { campaign, developerUsername } = found;
  const content = sheetOf(ctx, campaign, developerUsername);
  const sha256 = sheetHash(content);
  const latest = await versions.latestVersion(tx, campaignId);
  if (latest && latest.sha256 === sha256) {
    if (campaign.keyInformationVersion !== latest.number)
      await repo.updateCampaign(tx, campaignId, { keyInformationVersion: latest.number });
    return null;
  }
  const previous = latest?.content as SheetContent | undefined;
  const changes = previous
    ? changedFields(
        previous,
        content,
        sheetOf(ctx, { ...campaign, startsAt: startOf(previous) }, developerUsername),
      )
    : [];
  const material = latest !== undefined && isMaterial(changes);
  const version = await versions.insertVersion(tx, {
    campaignId,
    number: (latest?.number ?? 0) + 1,
    content,
    sha256,
    material,
    changes,
    createdAt: now,
  });
  const updated = await repo.updateCampaign(tx, campaignId, { keyInformationVersion: version.number });
  if (material && latest) {
    if (!listener)
      throw new Error('No listener of material changes is registered (app/key-information-change.ts).');
    await listener(ctx, tx, { campaign: updated, version, previousNumber: latest.number, changes });
  }
  return version;
}

/**
 * The current version of a published campaign's sheet, recorded first if it has none (a campaign
 * published before versions existed). Undefined for a campaign that does not exist.
 */
export async function ensureKeyInformationVersion(
  ctx: AppContext,
  campaignId: string,
): Promise<number | undefined> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, campaignId);
    if (!row) return undefined;
    if (row.keyInformationVersion !== null) return row.keyInformationVersion;
    const version = await recordKeyInformationVersion(ctx, tx, campaignId);
    return version?.number ?? (await versions.latestVersion(tx, campaignId))?.number;
  });
}
