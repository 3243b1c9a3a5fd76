/**
 * Back up or restore the embedded PGlite database (stop the server first).
 *   npm run backup -w apps/server -- backup khabkhi-backup.tar.gz
 *   npm run backup -w apps/server -- restore khabkhi-backup.tar.gz   (refuses to overwrite an existing data folder)
 * For PostgreSQL use pg_dump / pg_restore.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config.js';

const [cmd, file] = process.argv.slice(2);
const config = loadConfig();
const dir = path.join(config.dataDir, 'pglite');
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: use pg_dump / pg_restore for PostgreSQL.');
  process.exit(2);
}
if (cmd === 'backup' && file) {
  if (!fs.existsSync(dir)) { console.error(`No database at ${dir}`); process.exit(2); }
  const db = new PGlite(dir);
  const blob = await db.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  console.log(`Backed up ${dir} to ${file}`);
} else if (cmd === 'restore' && file) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) { console.error(`${dir} is not empty: move it away first.`); process.exit(2); }
  const data = fs.readFileSync(file);
  const db = new PGlite(dir, { loadDataDir: new Blob([data]) });
  await db.waitReady;
  await db.close();
  console.log(`Restored ${file} into ${dir}`);
} else {
  console.error('usage: backup <file.tar.gz> | restore <file.tar.gz>');
  process.exit(2);
}
