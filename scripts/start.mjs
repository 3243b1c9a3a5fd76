// npm start: makes sure the Debian packages the product needs are installed (Chromium prints receipts and every
// PDF; installed with apt-get when this user can: root, or sudo without a password; otherwise it stops with the one
// command to run), builds the web app and the server when missing or stale (scripts/build.mjs), then runs the
// built server (apps/server/dist/main.js) with node in this process, from apps/server (DATA_DIR is relative to it).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build.mjs';
import { ensureRenderer } from './renderer.mjs';

try {
  ensureRenderer();
  ensureBuilt();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
process.chdir(path.join(root, 'apps/server'));
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
