import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MangopayProvider, unixBirthday } from './mangopay.ts';
import { type LegalUserInput, ProviderError } from './provider.ts';
import { decideKycDocument, decideUboDeclaration, kybStateOf } from './sandbox/kyb.ts';
import { SandboxProvider } from './sandbox/server.ts';

// The Mangopay adapter's studio verification (ADR 0036) and the official SDK, over HTTP, against
// the sandbox provider: a legal user, its registration proof as a KYC document with a page, its
// UBO declaration with UBOs, both submitted and read back by id, and the events of the verdicts.

const hooks: string[] = [];
const sandbox = new SandboxProvider({
  clientId: 'adapter-kyb-test',
  apiKey: 'adapter-kyb-test-secret-key',
  deliver: async (url) => {
    hooks.push(url);
  },
});
let provider: MangopayProvider;
const key = () => randomUUID();

const studio = (overrides: Partial<LegalUserInput> = {}): LegalUserInput => ({
  name: 'Faro Games S.r.l.',
  companyNumber: 'REA MI-2034567',
  email: 'studio@farogames.example',
  headquarters: { line1: 'Via Lanterna 3', city: 'Milano', postalCode: '20121', country: 'IT' },
  representative: {
    firstName: 'Chiara',
    lastName: 'Galli',
    birthDate: '1987-03-14',
    nationality: 'IT',
    countryOfResidence: 'IT',
    email: 'chiara@farogames.example',
  },
  tag: randomUUID(),
  ...overrides,
});

const owner = {
  firstName: 'Marco',
  lastName: 'Neri',
  address: { line1: 'Corso Como 8', city: 'Milano', postalCode: '20154', country: 'IT' },
  nationality: 'IT',
  birthDate: '1990-11-02',
  birthplace: { city: 'Torino', country: 'IT' },
};

beforeAll(async () => {
  const baseUrl = await sandbox.start();
  provider = new MangopayProvider({
    clientId: 'adapter-kyb-test',
    apiKey: 'adapter-kyb-test-secret-key',
    baseUrl,
    retry: { attempts: 3, baseDelayMs: 5, timeoutMs: 400 },
  });
  sandbox.registerHooksFor(
    [
      'KYC_SUCCEEDED',
      'KYC_FAILED',
      'KYC_OUTDATED',
      'UBO_DECLARATION_VALIDATED',
      'UBO_DECLARATION_REFUSED',
      'UBO_DECLARATION_INCOMPLETE',
    ],
    'http://127.0.0.1:9/api/payments/hooks',
  );
});
afterAll(() => sandbox.stop());
beforeEach(() => {
  hooks.length = 0;
  sandbox.faults.length = 0;
});

const events = () => hooks.map((h) => new URL(h).searchParams.get('EventType'));

describe("the Mangopay adapter: a studio's verification", () => {
  it('makes a legal user with the representative and the headquarters, birthdays in Unix seconds', async () => {
    const input = studio();
    const user = await provider.createLegalUser(input, key());
    expect(user).toMatchObject({ name: 'Faro Games S.r.l.', kycLevel: 'LIGHT', tag: input.tag });
    expect(sandbox.state.users.get(user.id)).toMatchObject({
      PersonType: 'LEGAL',
      LegalPersonType: 'BUSINESS',
      UserCategory: 'OWNER',
      CompanyNumber: 'REA MI-2034567',
      Email: 'studio@farogames.example',
      HeadquartersAddress: {
        AddressLine1: 'Via Lanterna 3',
        City: 'Milano',
        PostalCode: '20121',
        Country: 'IT',
      },
      LegalRepresentativeBirthday: 542_678_400,
      LegalRepresentativeCountryOfResidence: 'IT',
      TermsAndConditionsAccepted: true,
    });
    expect(unixBirthday('1970-01-02')).toBe(86_400);
    // A missing field is the provider's final refusal (400), not a fault to retry.
    const refused = await provider
      .createLegalUser(
        studio({ headquarters: { line1: '', city: 'Milano', postalCode: '1', country: 'IT' } }),
        key(),
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ status: 400, retryable: false });
  });

  it('sends a registration proof as a page, submits it, reads it by id and hears the verdict', async () => {
    const user = await provider.createLegalUser(studio(), key());
    const doc = await provider.createKycDocument(
      user.id,
      { type: 'REGISTRATION_PROOF', tag: 'kyb-1' },
      key(),
    );
    expect(doc).toMatchObject({
      userId: user.id,
      type: 'REGISTRATION_PROOF',
      status: 'CREATED',
      tag: 'kyb-1',
    });
    // Submitting a document without a page is refused.
    await expect(provider.submitKycDocument(user.id, doc.id)).rejects.toMatchObject({ status: 400 });
    const file = Buffer.from('%PDF-1.4 registration extract');
    const pageKey = key();
    // A fault after the page was added: the retry under the same key adds nothing.
    sandbox.faults.push({ kind: 'status500', afterWork: true, method: 'POST' });
    await provider.addKycPage(user.id, doc.id, file, pageKey);
    expect(kybStateOf(sandbox.state).pages.get(doc.id)).toEqual([file.length]);
    expect((await provider.submitKycDocument(user.id, doc.id)).status).toBe('VALIDATION_ASKED');
    await expect(provider.submitKycDocument(user.id, doc.id)).rejects.toMatchObject({ status: 400 });

    decideKycDocument(sandbox, doc.id, 'REFUSED', { type: 'DOCUMENT_UNREADABLE', message: 'Blurred' });
    await sandbox.flushHooks();
    expect(events()).toEqual(['KYC_FAILED']);
    expect(await provider.getKycDocument(doc.id)).toMatchObject({
      status: 'REFUSED',
      refusedReasonType: 'DOCUMENT_UNREADABLE',
      refusedReasonMessage: 'Blurred',
    });
    expect(await provider.getKycDocument('kyc_000000000000')).toBeNull();
  });

  it('declares the owners with their birthplace, submits, and reads the declaration by id alone', async () => {
    const user = await provider.createLegalUser(studio(), key());
    const declaration = await provider.createUboDeclaration(user.id, key());
    expect(declaration).toMatchObject({ userId: user.id, status: 'CREATED', uboCount: 0 });
    const ubo = await provider.createUbo(user.id, declaration.id, owner, key());
    expect(ubo).toMatchObject({ firstName: 'Marco', lastName: 'Neri' });
    expect(kybStateOf(sandbox.state).declarations.get(declaration.id)?.Ubos).toMatchObject([
      {
        Address: { AddressLine1: 'Corso Como 8', PostalCode: '20154' },
        Nationality: 'IT',
        Birthday: Date.UTC(1990, 10, 2) / 1000,
        Birthplace: { City: 'Torino', Country: 'IT' },
      },
    ]);
    const submitted = await provider.submitUboDeclaration(user.id, declaration.id);
    expect(submitted).toMatchObject({ status: 'VALIDATION_ASKED', uboCount: 1 });

    decideUboDeclaration(sandbox, declaration.id, 'INCOMPLETE', { type: 'MISSING_UBO', message: 'One more' });
    await sandbox.flushHooks();
    expect(events()).toEqual(['UBO_DECLARATION_INCOMPLETE']);
    expect(await provider.getUboDeclaration(declaration.id)).toMatchObject({
      status: 'INCOMPLETE',
      reason: 'MISSING_UBO',
      message: 'One more',
    });
    // Found incomplete, it may be completed and submitted again, then validated.
    await provider.createUbo(
      user.id,
      declaration.id,
      { ...owner, firstName: 'Chiara', lastName: 'Galli' },
      key(),
    );
    await provider.submitUboDeclaration(user.id, declaration.id);
    decideUboDeclaration(sandbox, declaration.id, 'VALIDATED');
    await sandbox.flushHooks();
    expect(await provider.getUboDeclaration(declaration.id)).toMatchObject({
      status: 'VALIDATED',
      uboCount: 2,
    });
    expect(await provider.getUboDeclaration('ubod_00000000000')).toBeNull();
  });

  it('a legal user is REGULAR once its proof and its declaration are validated; an outdated proof sends KYC_OUTDATED', async () => {
    const user = await provider.createLegalUser(studio(), key());
    const doc = await provider.createKycDocument(
      user.id,
      { type: 'REGISTRATION_PROOF', tag: 'kyb-2' },
      key(),
    );
    await provider.addKycPage(user.id, doc.id, Buffer.from('page'), key());
    await provider.submitKycDocument(user.id, doc.id);
    const declaration = await provider.createUboDeclaration(user.id, key());
    await provider.createUbo(user.id, declaration.id, owner, key());
    await provider.submitUboDeclaration(user.id, declaration.id);
    decideKycDocument(sandbox, doc.id, 'VALIDATED');
    decideUboDeclaration(sandbox, declaration.id, 'VALIDATED');
    expect(sandbox.state.users.get(user.id)?.KYCLevel).toBe('REGULAR');
    decideKycDocument(sandbox, doc.id, 'OUT_OF_DATE');
    await sandbox.flushHooks();
    expect(events()).toEqual(['KYC_SUCCEEDED', 'UBO_DECLARATION_VALIDATED', 'KYC_OUTDATED']);
    expect((await provider.getKycDocument(doc.id))?.status).toBe('OUT_OF_DATE');
    // The studio's wallet and payout account hang on the same legal user.
    const wallet = await provider.createWallet({ ownerId: user.id, description: 'studio' }, key());
    const account = await provider.createRecipient(
      user.id,
      {
        holder: { type: 'Business', name: 'Faro Games S.r.l.' },
        iban: 'IT60X0542811101000000123456',
        address: studio().headquarters,
        scaContext: 'USER_PRESENT',
      },
      key(),
    );
    expect([wallet.ownerId, account.userId]).toEqual([user.id, user.id]);
    expect(account).toMatchObject({ status: 'PENDING', holderName: 'Faro Games S.r.l.' });
  });
});
