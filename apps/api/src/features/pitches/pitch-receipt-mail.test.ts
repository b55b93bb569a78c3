import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, submit, validFields } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.ts';

// The anonymous pitch form takes any address. Its receipt must not carry words the sender chose,
// or the form becomes a way to send anyone a message from our domain. Only an address the sender
// has proven (signed in, verified) gets the receipt that names the pitch.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SPAM = {
  name: 'Cheap pills at spam.example',
  project_name: 'Visit spam.example now',
  notes: 'Click https://spam.example/win',
};

function expectNoFreeText(mail: { subject: string; text: string; html: string }) {
  for (const value of Object.values(SPAM)) {
    expect(mail.subject).not.toContain(value);
    expect(mail.text).not.toContain(value);
    expect(mail.html).not.toContain(value);
  }
  expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('spam.example');
}

describe('the receipt of a submitted pitch', () => {
  it('to an address typed into the anonymous form carries none of the sender’s words', async () => {
    const victim = `victim_${Date.now()}@example.com`;
    const res = await submit(t.client(), validFields({ ...SPAM, email: victim }));
    expect(res.statusCode).toBe(201);
    const mail = await t.mailbox(victim);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('We received a pitch sent with this address');
    expect(mail[0]!.text).toContain('http://indiesplit.test/my-pitches');
    expectNoFreeText(mail[0]!);
  });

  it('is in Italian for an Italian sender, still without free text', async () => {
    const victim = `vittima_${Date.now()}@example.com`;
    const res = await submit(t.client(), validFields({ ...SPAM, email: victim }), undefined, {
      'accept-language': 'it',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.mailbox(victim);
    expect(mail!.subject).toBe('Abbiamo ricevuto un pitch inviato con questo indirizzo');
    expectNoFreeText(mail!);
  });

  it('from a signed-in member with an unverified address carries no free text either', async () => {
    const { client, payload } = await registerUser(t);
    const res = await submit(client, validFields({ ...SPAM, email: payload.email }));
    expect(res.statusCode).toBe(201);
    const receipts = (await t.mailbox(payload.email)).filter((m) => m.subject.startsWith('We received'));
    expect(receipts).toHaveLength(1);
    expectNoFreeText(receipts[0]!);
  });

  it('to the verified address of the signed-in sender names the pitch', async () => {
    const { client, payload } = await member(t);
    const fields = validFields({ email: payload.email.toUpperCase() });
    const res = await submit(client, fields);
    expect(res.statusCode).toBe(201);
    const receipts = (await t.mailbox(payload.email)).filter((m) => m.subject.startsWith('We received'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain(fields.project_name);
    expect(receipts[0]!.text).toContain('Hi Studio Lumen');
  });
});
