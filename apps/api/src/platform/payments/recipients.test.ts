import { describe, expect, it } from 'vitest';
import { newMember } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import { useSandboxApp } from '../../../test/payments-sandbox.ts';
import type { PaymentProvider, RecipientInput } from './provider.ts';
import { activeRecipientId, currentRecipient, ensureRecipient, type RecipientOwner } from './recipients.ts';
import type { SandboxProvider } from './sandbox/server.ts';

// The store of the bank accounts paid out to (ADR 0039, "Payouts to Recipients"), against the
// sandbox over HTTP. One of our accounts may own several provider users: a member who is also a
// studio has a natural user and a legal user, and the same IBAN registered by each is two
// recipients, each paid to only once its own holder confirmed it.

let t: TestApp;
let sandbox: SandboxProvider;
useSandboxApp((env) => {
  ({ t, sandbox } = env);
});

const IBAN = 'IT60X0542811101000000123456';
const ADDRESS = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country: 'IT' };
const provider = (): PaymentProvider => {
  const p = t.app.ctx.payments.provider;
  if (!p) throw new Error('no provider');
  return p;
};

async function owners() {
  const account = await newMember(t.database.db);
  const natural = await provider().createNaturalUser(
    { firstName: 'Ada', lastName: 'Rossi', email: account.email, tag: account.id },
    `n-${account.id}`.replace(/-/g, '').slice(0, 32),
  );
  const legal = await provider().createLegalUser(
    {
      name: 'Rossi Games S.r.l.',
      companyNumber: 'REA MI-1',
      email: account.email,
      headquarters: ADDRESS,
      representative: {
        firstName: 'Ada',
        lastName: 'Rossi',
        birthDate: '1990-01-01',
        nationality: 'IT',
        countryOfResidence: 'IT',
        email: account.email,
      },
      tag: account.id,
    },
    `l-${account.id}`.replace(/-/g, '').slice(0, 32),
  );
  const member: RecipientOwner = { userId: account.id, providerUserId: natural.id, purpose: 'payout' };
  const studio: RecipientOwner = { userId: account.id, providerUserId: legal.id, purpose: 'studio_payout' };
  return { member, studio };
}

const person: RecipientInput = {
  holder: { type: 'Individual', firstName: 'Ada', lastName: 'Rossi' },
  iban: IBAN,
  address: ADDRESS,
  scaContext: 'USER_PRESENT',
};

describe('recipients: the bank accounts paid out to', () => {
  it('keeps an account that is both a member and a studio apart: one recipient per provider user', async () => {
    const { member, studio } = await owners();
    const db = t.database.db;
    const studioAccount = await ensureRecipient(db, provider(), studio, {
      ...person,
      holder: { type: 'Business', name: 'Rossi Games S.r.l.' },
    });
    sandbox.confirmRecipient(studioAccount.recipientId);
    await sandbox.flushHooks();
    expect(await activeRecipientId(db, studio, IBAN)).toBe(studioAccount.recipientId);

    // The studio's confirmed account is not the member's: the member confirms their own.
    expect(await activeRecipientId(db, member, IBAN)).toBeNull();
    const memberAccount = await ensureRecipient(db, provider(), member, person);
    expect(memberAccount.recipientId).not.toBe(studioAccount.recipientId);
    expect(memberAccount.status).toBe('PENDING');
    expect(sandbox.state.recipients.get(memberAccount.recipientId)?.UserId).toBe(member.providerUserId);

    // A payer's account registered by the platform to send pay-ins back: one per wallet owner too.
    const payer: RecipientInput = { ...person, scaContext: 'USER_NOT_PRESENT' };
    const forMember = await ensureRecipient(db, provider(), { ...member, purpose: 'payin_return' }, payer);
    const forStudio = await ensureRecipient(db, provider(), { ...studio, purpose: 'payin_return' }, payer);
    expect(forMember.status).toBe('ACTIVE');
    expect(forStudio.recipientId).not.toBe(forMember.recipientId);
    expect(sandbox.state.recipients.get(forStudio.recipientId)?.UserId).toBe(studio.providerUserId);
  });

  it('makes another recipient after a cancelled confirmation, and the same one when asked again while pending', async () => {
    const { member } = await owners();
    const db = t.database.db;
    const first = await ensureRecipient(db, provider(), member, person);
    expect((await ensureRecipient(db, provider(), member, person)).recipientId).toBe(first.recipientId);
    sandbox.cancelRecipient(first.recipientId);
    await sandbox.flushHooks();
    expect(await currentRecipient(db, member, IBAN)).toBeNull();
    const second = await ensureRecipient(db, provider(), member, person);
    expect(second.recipientId).not.toBe(first.recipientId);
    expect(second.status).toBe('PENDING');
  });
});
