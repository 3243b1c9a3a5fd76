/**
 * Back up or restore the embedded PGlite database (stop the server first).
 *   npm run backup -w apps/server -- backup khabkhi-backup.tar.gz
 *   npm run backup -w apps/server -- restore khabkhi-backup.tar.gz   (refuses to overwrite an existing data folder)
 * For PostgreSQL use pg_dump / pg_restore.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config.js';

const [cmd, file] = process.argv.slice(2);
// PGlite (WASM) holds no libuv handle while it works: without this, Node would exit mid-dump.
const keepAlive = setInterval(() => {}, 1000);
const config = loadConfig();
const dir = path.join(config.dataDir, 'pglite');
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: use pg_dump / pg_restore for PostgreSQL.');
  process.exit(2);
}
if (cmd === 'backup' && file) {
  if (!fs.existsSync(dir)) {
    console.error(`No database at ${dir}`);
    process.exit(2);
  }
  const db = new PGlite(dir);
  await db.waitReady;
  // PGlite's own 'gzip' mode hangs under Node 20 (CompressionStream); dump the tar and gzip it with zlib
  const blob = await db.dumpDataDir('none');
  fs.writeFileSync(file, zlib.gzipSync(Buffer.from(await blob.arrayBuffer())));
  await db.close();
  console.log(`Backed up ${dir} to ${file}`);
} else if (cmd === 'restore' && file) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) {
    console.error(`${dir} is not empty: move it away first.`);
    process.exit(2);
  }
  const data = zlib.gunzipSync(fs.readFileSync(file));
  fs.mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, { loadDataDir: new Blob([data]) });
  await db.waitReady;
  await db.close();
  console.log(`Restored ${file} into ${dir}`);
} else {
  console.error('usage: backup <file.tar.gz> | restore <file.tar.gz>');
  process.exit(2);
}
clearInterval(keepAlive);
