import fs from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { ensureSecret, seed, DEMO_PASSWORD } from './db/seed.js';
import { startRunner } from './modules/reminders/index.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.poolSize,
    statementTimeoutMs: config.statementTimeoutMs,
    lockTimeoutMs: config.lockTimeoutMs,
  });
  // under the startup lock: copies starting together on an empty database create one admin and one school
  const { secret, seeded } = await database.exclusive(async () => ({
    secret: await ensureSecret(database.db, config.jwtSecret),
    seeded: await seed(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo }),
  }));
  const app = await buildApp({ config, database, secret });
  database.onError = (err) => app.log.warn({ err }, 'database connection lost (the pool reconnects on the next query)');
  // the reminders runner: every copy runs one; the outbox's claims keep them from sending a message twice
  const stopReminders =
    config.remindersIntervalSeconds > 0
      ? startRunner(database.db, config.remindersIntervalSeconds, { lineApiBase: config.lineApiBase }, (err) =>
          app.log.warn({ err }, 'reminders round failed (tried again next round)'),
        )
      : async () => {};

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await stopReminders();
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = ['', `  Khabkhi (ขับขี่) is running at ${url}`, `  Database: ${where}`, `  API docs: ${url}/api/docs`];
  if (seeded.createdAdmin) {
    lines.push(`  Admin login: admin / ${seeded.generatedPassword ?? '(the ADMIN_PASSWORD you set)'}`);
    if (seeded.generatedPassword) lines.push('  (this generated password is shown only once: write it down)');
  } else {
    lines.push('  Admin login: admin (password as set on first start)');
  }
  if (seeded.demo)
    lines.push(`  Demo school created: staff log in with their username and the password "${DEMO_PASSWORD}"`);
  if (!fs.existsSync(config.chromiumPath)) {
    lines.push(
      `  Note: no browser at ${config.chromiumPath}: receipts and other PDFs need it (sudo apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
