import type { Language } from '@indiesplit/shared/messages';
import type { ContactRequest } from '@indiesplit/shared/pitches';
import type { AppContext } from '../../../platform/context.ts';
import { RULES } from '../../../platform/rate-limit.ts';
import * as repo from '../repo.ts';

export async function addContact(
  ctx: AppContext,
  input: ContactRequest,
  who: { language: Language; ip: string },
): Promise<string> {
  await ctx.limiter.consume(RULES.addContactPerIp, who.ip);
  const row = await repo.insertContact(ctx.db, {
    name: input.name,
    email: input.email,
    askedForContact: input.asked_for_contact,
    language: who.language,
  });
  return row.id;
}
