// The PDF renderer the product needs: Debian's Chromium at CHROMIUM_PATH (default /usr/bin/chromium).
// ensureRenderer() installs it with apt-get when it is missing and this user can (root, or sudo without a
// password), as scripts/ensure-debian.sh does for the tests; otherwise it throws the one command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const ok = (cmd, args, env) => spawnSync(cmd, args, { stdio: 'ignore', env }).status === 0;

/** How apt-get can run here: as root, through sudo without a password, or not at all (null). */
function aptRunner(env) {
  if (!ok('sh', ['-c', 'command -v apt-get'], env)) return null;
  if (process.getuid?.() === 0) return [];
  if (ok('sudo', ['-n', 'true'], env)) return ['sudo', '-n'];
  return null;
}

/** `defaultPath` and `env` (its PATH finds apt-get) are for the production-install check's stand-in apt-get. */
export function ensureRenderer({
  env = process.env,
  log = (s) => console.log(s),
  defaultPath = DEFAULT_CHROMIUM,
} = {}) {
  const custom = env.CHROMIUM_PATH?.trim();
  const target = custom || defaultPath;
  if (executable(target)) return;
  if (custom) {
    throw new Error(
      `CHROMIUM_PATH is ${custom}, which is not an executable: receipts and every PDF need Chromium.\n` +
        `Point CHROMIUM_PATH at Chromium, or unset it and run: ${INSTALL_COMMAND}`,
    );
  }
  const runner = aptRunner(env);
  if (runner) {
    log('Installing the Debian package the product needs to print receipts and PDFs: chromium');
    const run = (args) => {
      const [cmd, ...rest] = [...runner, 'apt-get', ...args];
      return spawnSync(cmd, rest, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    };
    run(['update', '-qq']);
    run(['install', '-y', '-qq', 'chromium']);
    if (executable(target)) return;
  }
  throw new Error(
    `Chromium is not installed (${target}) and could not be installed here: receipts and every PDF need it.\n` +
      `Run: ${INSTALL_COMMAND}\nthen npm start again.`,
  );
}
