// Builds the web app and the server when missing or stale. Stale = the hash of their sources (and of the
// lockfile) differs from the one written beside the last build. `--force` builds both; `--check` only reports.
// `npm start` (scripts/start.mjs) calls ensureBuilt() and then runs the built server.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = [
  'packages/thai/src',
  'packages/thai/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

export const targets = [
  {
    name: 'web',
    workspace: 'apps/web',
    stamp: 'apps/web/dist/.source-hash',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/public',
      ...shared,
    ],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    stamp: 'apps/server/dist/.source-hash',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...shared],
  },
];

function files(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules' && e.name !== 'dist')
    .flatMap((e) => files(path.join(rel, e.name)));
}

/** Hash of the contents and names of every source file of a target. */
export function sourceHash(target) {
  const h = crypto.createHash('sha256');
  for (const f of target.sources.flatMap(files).sort()) {
    h.update(f.split(path.sep).join('/'))
      .update('\0')
      .update(fs.readFileSync(path.join(root, f)))
      .update('\0');
  }
  return h.digest('hex');
}

export function isCurrent(target) {
  const stamp = path.join(root, target.stamp);
  return (
    fs.existsSync(path.join(root, target.output)) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === sourceHash(target)
  );
}

function buildTarget(target, log) {
  log(`Building ${target.name} (${target.workspace})…`);
  const hash = sourceHash(target);
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    throw new Error(
      `building ${target.name} failed (exit ${r.status}). A production install (npm ci --omit=dev) cannot build: ` +
        'build before it (npm ci && npm run build), or install the dev dependencies.',
    );
  }
  fs.writeFileSync(path.join(root, target.stamp), hash + '\n');
}

/** Builds what is missing or stale; returns the names built. */
export function ensureBuilt({ force = false, log = (s) => console.log(s) } = {}) {
  const built = [];
  for (const t of targets) {
    if (!force && isCurrent(t)) continue;
    buildTarget(t, log);
    built.push(t.name);
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--check')) {
    for (const t of targets) console.log(`${t.name}: ${isCurrent(t) ? 'current' : 'missing or stale'}`);
  } else {
    try {
      const built = ensureBuilt({ force: process.argv.includes('--force') });
      if (built.length === 0) console.log('web and server are up to date');
    } catch (e) {
      console.error(e.message);
      process.exit(1);
    }
  }
}
