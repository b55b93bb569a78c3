import { randomBytes } from 'node:crypto';
import { earliestReleaseDate } from '@indiesplit/shared/pitches';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { users } from '../../db/schema.ts';
import { registerUser, type TestApp, type TestClient } from '../../test/harness.ts';
import { enableAuthenticator } from '../mfa/mfa-fixtures.ts';

// Test helpers for pitches and the back office: real PDFs made with pdf-lib, multipart bodies built
// by hand (what a browser's FormData sends), staff accounts.

export async function makePdf(text = 'Our game'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** A PDF whose trailer names an /Encrypt dictionary, as a password-protected export has. */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.context.trailerInfo.Encrypt = doc.context.register(
    doc.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 }),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export interface FilePart {
  data: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----IndieSplitPitch${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
    chunks.push(Buffer.from(value), Buffer.from('\r\n'));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'pitch_file'}"; filename="${file.filename ?? 'pitch.pdf'}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** YYYY-MM-DD, `days` after the earliest allowed release date. */
export function releaseDate(days = 30): string {
  const earliest = new Date(`${earliestReleaseDate()}T00:00:00Z`);
  return new Date(earliest.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export function validFields(overrides: Record<string, string> = {}): Record<string, string> {
  const id = randomBytes(3).toString('hex');
  return {
    name: 'Studio Lumen',
    email: `studio_${id}@example.com`,
    project_name: `Lantern Keeper ${id}`,
    expected_production_budget: '120000.50',
    required_funding_size: '80000',
    distribution_platforms: 'PC,NINTENDO SWITCH',
    is_debut_title: 'true',
    expected_release_date: releaseDate(),
    i_am_looking_for: 'funding,services',
    plan_to_choose_publisher: 'false',
    notes: 'A cosy lighthouse game.',
    trailer_link: 'https://video.example.com/lantern',
    demo_link: '',
    pitch_password: '',
    ...overrides,
  };
}

export async function submit(
  client: TestClient,
  fields: Record<string, string> = validFields(),
  file: FilePart | null | undefined = undefined,
  headers: Record<string, string> = {},
) {
  const part = file === null ? undefined : (file ?? { data: await makePdf() });
  const body = multipart(fields, part);
  return client.request('POST', '/api/projects/submit-project/', {
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

export async function resubmit(
  client: TestClient,
  id: string,
  fields: Record<string, string>,
  file?: FilePart,
) {
  const body = multipart(fields, file);
  return client.request('POST', `/api/projects/${id}/resubmit/`, body);
}

/**
 * A registered, verified account; with a role when asked. Staff turn on an authenticator app, as
 * the back office requires (ADR 0016), and keep its secret for the tests that need a code.
 */
export async function member(t: TestApp, role: 'admin' | 'reviewer' | null = null) {
  const registered = await registerUser(t);
  await t.database.db
    .update(users)
    .set({ staffRole: role, emailVerifiedAt: new Date() })
    .where(eq(users.id, registered.id));
  const totpSecret = role
    ? (await enableAuthenticator(registered.client, registered.payload.password)).secret
    : null;
  return { ...registered, totpSecret };
}
