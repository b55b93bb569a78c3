import { lockDataDir } from '../src/platform/data-dir.ts';

// A second process for the data directory lock tests: takes the lock on argv[2] the way the server
// does, says so on stdout, and holds it until killed.
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir <dir>');
try {
  lockDataDir(dataDir, 'test holder');
  process.stdout.write(`locked ${process.pid}\n`);
  setInterval(() => {}, 1 << 30);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(3);
}
