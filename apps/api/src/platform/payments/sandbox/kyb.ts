import type { IncomingMessage } from 'node:http';
import { type ApiHost, HttpFail } from './api.ts';
import { readText } from './http.ts';
import { kybPage } from './kyb-pages.ts';
import { type Json, nextId, now, type SandboxState } from './state.ts';

// The sandbox provider's side of a studio's verification (ADR 0036): legal users, KYC documents
// with their pages, UBO declarations with their UBOs — the paths and JSON shapes of Mangopay's API
// — and what the provider's compliance team does with them, on the page /sandbox/kyb or from
// tests: validate or refuse a document, validate, refuse or find incomplete a declaration. Each
// verdict sends its event (KYC_SUCCEEDED, KYC_FAILED, KYC_OUTDATED, UBO_DECLARATION_*).

export interface KybState {
  documents: Map<string, Json>;
  /** The pages of each document: their sizes (the bytes are not kept). */
  pages: Map<string, number[]>;
  declarations: Map<string, Json>;
}

const states = new WeakMap<SandboxState, KybState>();

/** The KYB resources of a sandbox (kept beside its state, made on first use). */
export function kybStateOf(state: SandboxState): KybState {
  let kyb = states.get(state);
  if (!kyb) {
    kyb = { documents: new Map(), pages: new Map(), declarations: new Map() };
    states.set(state, kyb);
  }
  return kyb;
}

/** A page is a whole file in base64: up to 10 MB of file, so its JSON body may be larger than others. */
export const KYC_PAGE_MAX_BYTES = 10 * 1024 * 1024;
const PAGE_BODY_LIMIT = Math.ceil((KYC_PAGE_MAX_BYTES * 4) / 3) + 4096;

/** The body limit of a request, when larger than the sandbox's usual one (a KYC page). */
export function kybBodyLimit(method: string, path: string): number | undefined {
  return method === 'POST' && /\/kyc\/documents\/[^/]+\/pages$/i.test(path) ? PAGE_BODY_LIMIT : undefined;
}

const DOCUMENT_TYPES = [
  'IDENTITY_PROOF',
  'REGISTRATION_PROOF',
  'ARTICLES_OF_ASSOCIATION',
  'SHAREHOLDER_DECLARATION',
  'ADDRESS_PROOF',
];

const COUNTRY = /^[A-Z]{2}$/;
const WORDS = new Set(['users', 'legal', 'kyc', 'documents', 'pages', 'ubodeclarations', 'ubos']);
const notFound = () => new HttpFail(404, 'ressource_not_found', 'Cannot found the ressource');
const bad = (message: string) => new HttpFail(400, 'param_error', message);

function requireText(body: Json, field: string, max = 255): string {
  const v = body[field];
  if (typeof v !== 'string' || v.trim() === '' || v.length > max) throw bad(`${field} is required`);
  return v;
}

function requireAddress(v: unknown, field: string): Json {
  const a = (v ?? {}) as Json;
  for (const f of ['AddressLine1', 'City', 'PostalCode'])
    if (typeof a[f] !== 'string' || a[f] === '') throw bad(`${field}.${f} is required`);
  if (typeof a.Country !== 'string' || !COUNTRY.test(a.Country)) throw bad(`${field}.Country is invalid`);
  return a;
}

function requireBirthday(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v >= now()) throw bad(`${field} is invalid`);
  return v;
}

function requireCountry(body: Json, field: string): string {
  const v = body[field];
  if (typeof v !== 'string' || !COUNTRY.test(v)) throw bad(`${field} is invalid`);
  return v;
}

function legalUser(s: SandboxState, body: Json): Json {
  if (body.LegalPersonType !== 'BUSINESS' && body.LegalPersonType !== 'ORGANIZATION')
    throw bad('LegalPersonType is invalid');
  const name = requireText(body, 'Name');
  requireText(body, 'Email');
  requireText(body, 'LegalRepresentativeFirstName', 100);
  requireText(body, 'LegalRepresentativeLastName', 100);
  const owner = body.UserCategory === 'OWNER';
  if (owner) {
    requireText(body, 'CompanyNumber', 60);
    requireAddress(body.HeadquartersAddress, 'HeadquartersAddress');
    requireBirthday(body.LegalRepresentativeBirthday, 'LegalRepresentativeBirthday');
    requireCountry(body, 'LegalRepresentativeNationality');
    requireCountry(body, 'LegalRepresentativeCountryOfResidence');
    if (body.TermsAndConditionsAccepted !== true) throw bad('TermsAndConditionsAccepted must be true');
  }
  const id = nextId(s, 'user_');
  const user = {
    ...body,
    Id: id,
    PersonType: 'LEGAL',
    UserCategory: owner ? 'OWNER' : 'PAYER',
    KYCLevel: 'LIGHT',
    Name: name,
    Tag: body.Tag ?? null,
    CreationDate: now(),
  };
  s.users.set(id, user);
  return user;
}

function legalOwner(s: SandboxState, id: string | undefined): Json {
  const user = id ? s.users.get(id) : undefined;
  if (!user) throw notFound();
  if (user.PersonType !== 'LEGAL') throw bad('The user is not a legal user');
  return user;
}

function documentOf(kyb: KybState, userId: string | undefined, id: string | undefined): Json {
  const doc = id ? kyb.documents.get(id) : undefined;
  if (!doc || (userId !== undefined && doc.UserId !== userId)) throw notFound();
  return doc;
}

function declarationOf(kyb: KybState, userId: string | undefined, id: string | undefined): Json {
  const declaration = id ? kyb.declarations.get(id) : undefined;
  if (!declaration || (userId !== undefined && declaration.UserId !== userId)) throw notFound();
  return declaration;
}

function addUbo(s: SandboxState, declaration: Json, body: Json): Json {
  if (declaration.Status !== 'CREATED' && declaration.Status !== 'INCOMPLETE')
    throw bad('The UBO declaration cannot be changed in its status');
  const ubos = declaration.Ubos as Json[];
  const ubo = {
    Id: nextId(s, 'ubo_'),
    FirstName: requireText(body, 'FirstName', 100),
    LastName: requireText(body, 'LastName', 100),
    Address: requireAddress(body.Address, 'Address'),
    Nationality: requireCountry(body, 'Nationality'),
    Birthday: requireBirthday(body.Birthday, 'Birthday'),
    Birthplace: (() => {
      const b = (body.Birthplace ?? {}) as Json;
      if (typeof b.City !== 'string' || b.City === '') throw bad('Birthplace.City is required');
      if (typeof b.Country !== 'string' || !COUNTRY.test(b.Country))
        throw bad('Birthplace.Country is invalid');
      return { City: b.City, Country: b.Country };
    })(),
    IsActive: true,
    CreationDate: now(),
  };
  ubos.push(ubo);
  return ubo;
}

/**
 * Answers a KYB request of the API (its path below /v2.01/<client id>), or undefined when the path
 * is not one of these, for routeApi to go on.
 */
export function routeKybApi(host: ApiHost, method: string, parts: string[], body: Json): Json | undefined {
  const s = host.state;
  const kyb = kybStateOf(s);
  // The SDK writes some of these paths with KYC in capitals: the words are read in lower case.
  const p = parts.map((x) => (WORDS.has(x.toLowerCase()) ? x.toLowerCase() : x));
  const [a, b, c, d, e, f, g] = p;
  // POST /users/legal
  if (method === 'POST' && a === 'users' && b === 'legal' && p.length === 2) return legalUser(s, body);
  // /users/:id/kyc/documents[/:doc[/pages]]
  if (a === 'users' && c === 'kyc' && d === 'documents') {
    const user = legalOwner(s, b);
    if (method === 'POST' && p.length === 4) {
      if (typeof body.Type !== 'string' || !DOCUMENT_TYPES.includes(body.Type)) throw bad('Type is invalid');
      const id = nextId(s, 'kyc_');
      const doc = {
        Id: id,
        Tag: body.Tag ?? null,
        CreationDate: now(),
        Type: body.Type,
        UserId: user.Id,
        Status: 'CREATED',
        RefusedReasonType: null,
        RefusedReasonMessage: null,
        ProcessedDate: null,
        Flags: [],
      };
      kyb.documents.set(id, doc);
      kyb.pages.set(id, []);
      return doc;
    }
    const doc = documentOf(kyb, String(user.Id), e);
    if (method === 'GET' && p.length === 5) return doc;
    if (method === 'PUT' && p.length === 5) {
      if (body.Status !== 'VALIDATION_ASKED') throw bad('Status must be VALIDATION_ASKED');
      if (doc.Status !== 'CREATED') throw bad('The document has already been submitted');
      if ((kyb.pages.get(String(doc.Id)) ?? []).length === 0) throw bad('The document has no page');
      doc.Status = 'VALIDATION_ASKED';
      return doc;
    }
    if (method === 'POST' && f === 'pages' && p.length === 6) {
      if (doc.Status !== 'CREATED') throw bad('Pages can only be added to a document CREATED');
      if (typeof body.File !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(body.File))
        throw bad('File must be base64');
      const size = Buffer.from(body.File, 'base64').length;
      if (size === 0 || size > KYC_PAGE_MAX_BYTES) throw bad('File size is invalid');
      kyb.pages.get(String(doc.Id))?.push(size);
      return {};
    }
    throw notFound();
  }
  // GET /kyc/documents/:id
  if (method === 'GET' && a === 'kyc' && b === 'documents' && p.length === 3)
    return documentOf(kyb, undefined, c);
  // /users/:id/kyc/ubodeclarations[/:declaration[/ubos]]
  if (a === 'users' && c === 'kyc' && d === 'ubodeclarations') {
    const user = legalOwner(s, b);
    if (method === 'POST' && p.length === 4) {
      const id = nextId(s, 'ubod_');
      const declaration = {
        Id: id,
        UserId: user.Id,
        CreationDate: now(),
        ProcessedDate: null,
        Status: 'CREATED',
        Reason: null,
        Message: null,
        Ubos: [],
      };
      kyb.declarations.set(id, declaration);
      return declaration;
    }
    const declaration = declarationOf(kyb, String(user.Id), e);
    if (method === 'GET' && p.length === 5) return declaration;
    if (method === 'PUT' && p.length === 5) {
      if (body.Status !== 'VALIDATION_ASKED') throw bad('Status must be VALIDATION_ASKED');
      if (declaration.Status !== 'CREATED' && declaration.Status !== 'INCOMPLETE')
        throw bad('The UBO declaration has already been submitted');
      if ((declaration.Ubos as Json[]).length === 0) throw bad('The UBO declaration has no UBO');
      declaration.Status = 'VALIDATION_ASKED';
      return declaration;
    }
    if (method === 'POST' && f === 'ubos' && p.length === 6) return addUbo(s, declaration, body);
    if (method === 'GET' && f === 'ubos' && p.length === 7) {
      const ubo = (declaration.Ubos as Json[]).find((u) => u.Id === g);
      if (!ubo) throw notFound();
      return ubo;
    }
    throw notFound();
  }
  // GET /kyc/ubodeclarations/:id
  if (method === 'GET' && a === 'kyc' && b === 'ubodeclarations' && p.length === 3)
    return declarationOf(kyb, undefined, c);
  return undefined;
}

// ---- what the provider's compliance team does (the page, and tests) ----------------------------

/** A legal user is REGULAR once a registration proof and a UBO declaration of theirs are validated. */
function levelUp(s: SandboxState, userId: string): void {
  const kyb = kybStateOf(s);
  const user = s.users.get(userId);
  if (!user) return;
  const doc = [...kyb.documents.values()].some((d) => d.UserId === userId && d.Status === 'VALIDATED');
  const ubo = [...kyb.declarations.values()].some((d) => d.UserId === userId && d.Status === 'VALIDATED');
  user.KYCLevel = doc && ubo ? 'REGULAR' : 'LIGHT';
}

/**
 * Validates or refuses a document waiting for validation, or marks a validated one out of date,
 * and sends the event. Anything else changes nothing (answers the document as it is).
 */
export function decideKycDocument(
  host: ApiHost,
  id: string,
  outcome: 'VALIDATED' | 'REFUSED' | 'OUT_OF_DATE',
  reason?: { type: string; message?: string },
): Json {
  const doc = documentOf(kybStateOf(host.state), undefined, id);
  const from = outcome === 'OUT_OF_DATE' ? 'VALIDATED' : 'VALIDATION_ASKED';
  if (doc.Status !== from) return doc;
  doc.Status = outcome;
  doc.ProcessedDate = now();
  doc.RefusedReasonType = outcome === 'REFUSED' ? (reason?.type ?? 'DOCUMENT_UNREADABLE') : null;
  doc.RefusedReasonMessage = outcome === 'REFUSED' ? (reason?.message ?? null) : null;
  levelUp(host.state, String(doc.UserId));
  const event = { VALIDATED: 'KYC_SUCCEEDED', REFUSED: 'KYC_FAILED', OUT_OF_DATE: 'KYC_OUTDATED' }[outcome];
  host.emit(event, id);
  return doc;
}

/** Validates, refuses or finds incomplete a declaration waiting for validation, and sends the event. */
export function decideUboDeclaration(
  host: ApiHost,
  id: string,
  outcome: 'VALIDATED' | 'REFUSED' | 'INCOMPLETE',
  reason?: { type: string; message?: string },
): Json {
  const declaration = declarationOf(kybStateOf(host.state), undefined, id);
  if (declaration.Status !== 'VALIDATION_ASKED') return declaration;
  declaration.Status = outcome;
  declaration.ProcessedDate = now();
  declaration.Reason = outcome === 'VALIDATED' ? null : (reason?.type ?? 'MISSING_UBO');
  declaration.Message = outcome === 'VALIDATED' ? null : (reason?.message ?? null);
  levelUp(host.state, String(declaration.UserId));
  host.emit(`UBO_DECLARATION_${outcome}`, id);
  return declaration;
}

/** What waits for the compliance team: documents and declarations asked to be validated. */
export function waitingKyb(state: SandboxState): {
  documents: Json[];
  declarations: Json[];
  users: Map<string, Json>;
} {
  const kyb = kybStateOf(state);
  return {
    documents: [...kyb.documents.values()].filter((d) => d.Status === 'VALIDATION_ASKED'),
    declarations: [...kyb.declarations.values()].filter((d) => d.Status === 'VALIDATION_ASKED'),
    users: state.users,
  };
}

/** The page /sandbox/kyb: GET lists what waits, POST decides one and comes back to the list. */
export async function serveKybPage(
  host: ApiHost,
  req: IncomingMessage,
  method: string,
  html: (status: number, body: string) => void,
  redirect: (location: string) => void,
): Promise<void> {
  if (method === 'POST') {
    const form = new URLSearchParams(await readText(req));
    const id = form.get('id') ?? '';
    const outcome = form.get('outcome') ?? '';
    const reason = {
      type: (form.get('reason_type') ?? '').replace(/[^A-Z_]/g, '').slice(0, 64) || 'SPECIFIC_CASE',
      message: form.get('message')?.slice(0, 255) || undefined,
    };
    try {
      if (form.get('kind') === 'document' && (outcome === 'VALIDATED' || outcome === 'REFUSED'))
        decideKycDocument(host, id, outcome, reason);
      else if (
        form.get('kind') === 'declaration' &&
        (outcome === 'VALIDATED' || outcome === 'REFUSED' || outcome === 'INCOMPLETE')
      )
        decideUboDeclaration(host, id, outcome, reason);
      else
        return html(
          400,
          kybPage(waitingKyb(host.state), 'Choose a document or a declaration and a verdict.'),
        );
    } catch (err) {
      if (err instanceof HttpFail)
        return html(404, kybPage(waitingKyb(host.state), 'Nothing waits with this id.'));
      throw err;
    }
    return redirect('/sandbox/kyb');
  }
  return html(200, kybPage(waitingKyb(host.state)));
}
