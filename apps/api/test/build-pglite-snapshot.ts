import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { workerData } from 'node:worker_threads';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

// The worker thread of database-template.ts: migrates an in-memory PGlite and writes its data
// directory as a tar to `workerData.file`, under a temporary name first, then renamed.

const { file } = workerData as { file: string };
const database = await openDatabase({ dataDir: 'memory://' });
let bytes: Buffer;
try {
  await runMigrations(database);
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  bytes = Buffer.from(await (await database.client.dumpDataDir('none')).arrayBuffer());
} finally {
  await database.close();
}
const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
await writeFile(partial, bytes);
await rename(partial, file);
