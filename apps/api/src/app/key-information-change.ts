import type { Db } from '../db/client.ts';
import {
  type MaterialChange,
  registerMaterialChangeListener,
} from '../features/campaigns/commands/key-information-version.ts';
import { asLanguage, keyInformationChangedEmail } from '../features/campaigns/emails.ts';
import { reopenReflection } from '../features/investing/commands/reopen-reflection.ts';
import type { AppContext } from '../platform/context.ts';
import { enqueueMail } from '../platform/mailer.ts';

// A material change of a campaign's key information sheet (ADR 0029): while the campaign still
// takes or counts revocations (live, or closing before its outcome is decided), every investor with
// a reserved investment may revoke again for the campaign's reflection period (4 days for real
// money), and is told what changed, in the one transaction of the change (outbox: the email goes if
// and only if the change commits). Campaigns owns the versions, investing the investments; this
// layer joins them so that neither imports the other the wrong way (ADR 0023).

const REOPENS_IN: readonly string[] = ['live', 'closing'];

async function onMaterialChange(ctx: AppContext, tx: Db, change: MaterialChange): Promise<void> {
  const { campaign, version } = change;
  if (!REOPENS_IN.includes(campaign.status)) return;
  const until = new Date(version.createdAt.getTime() + campaign.reflectionSeconds * 1000);
  const investors = await reopenReflection(tx, campaign.id, until);
  for (const investor of investors) {
    await enqueueMail(
      tx,
      keyInformationChangedEmail(
        {
          to: investor.email,
          userId: investor.id,
          language: asLanguage(investor.language),
          name: investor.username,
        },
        { title: campaign.title, slug: campaign.slug ?? campaign.id, currency: campaign.currency },
        { number: version.number, changes: change.changes, revocableUntil: until },
        ctx.config.publicUrl,
      ),
    );
  }
}

/** Called once by buildApp. */
export function registerKeyInformationChange(): void {
  registerMaterialChangeListener(onMaterialChange);
}
