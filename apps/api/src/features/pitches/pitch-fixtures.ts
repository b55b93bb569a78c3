import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { earliestReleaseDate } from '@indiesplit/shared/pitches';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { registerUser, type TestApp, type TestClient } from '../../test/harness.ts';
import { enableAuthenticator } from '../mfa/mfa-fixtures.ts';

// Test helpers for pitches and the back office: real PDFs made with the server's PDF library, multipart bodies built
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

/**
 * A valid PDF of one page followed by `objects` tiny objects, each an indirect object of its own
 * with its cross-reference entry: the shape of the many-objects files that made the parser spend
 * seconds of CPU and hundreds of MB per upload. About 44 bytes an object.
 */
export function manyObjectsPdf(objects: number): Buffer {
  const parts: string[] = [];
  const offsets: number[] = [0];
  let length = 0;
  const push = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${body}\nendobj\n`);
  };
  push('%PDF-1.4\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  for (let n = 4; n < objects + 4; n++) object(n, String(n));
  const xref = length;
  const size = objects + 4;
  const rows = [`xref\n0 ${size}\n0000000000 65535 f \n`];
  for (let n = 1; n < size; n++) rows.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(rows.join(''));
  push(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

/** The same trick hidden in compressed object streams: few `obj` headers in the bytes, many objects. */
export async function compressedObjectsPdf(objects: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  for (let n = 0; n < objects; n++) doc.context.register(doc.context.obj(n));
  return Buffer.from(await doc.save({ useObjectStreams: true }));
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
