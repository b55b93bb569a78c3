import { openDatabase } from '../src/db/client.ts';

// For the durability test: commits one row on the data directory in argv[2], says so on stdout the
// moment the commit is acknowledged, then waits to be killed (no clean shutdown ever runs).
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: commit-and-die <dir>');
const database = await openDatabase({ dataDir });
if (database.kind !== 'pglite') throw new Error('expected the embedded database');
await database.client.exec(
  'create table if not exists acknowledged (id serial primary key, note text not null)',
);
const { rows } = await database.client.query<{ id: number }>(
  `insert into acknowledged (note) values ('paid 100 EUR') returning id`,
);
process.stdout.write(`committed ${rows[0]?.id}\n`);
setInterval(() => {}, 1 << 30);
