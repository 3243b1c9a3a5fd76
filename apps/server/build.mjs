// Compiles the server to dist/main.js (one ES module, Node 20) with esbuild and copies what it reads from disk
// beside it: dist/migrations and dist/demo-bills (the glyph atlas the demo's bill photos are drawn from). npm
// packages stay imports (the production install provides them); the workspace packages (@khabkhi/thai,
// @khabkhi/contracts: TypeScript sources) are compiled into the bundle.
// The Sarabun fonts are read from the installed @expo-google-fonts/sarabun package (a dependency).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@khabkhi/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
fs.mkdirSync(path.join(dist, 'demo-bills'));
for (const f of ['atlas.png', 'atlas.json'])
  fs.copyFileSync(path.join(here, 'src/db/demo-bills', f), path.join(dist, 'demo-bills', f));
console.log(`server built: ${path.relative(process.cwd(), path.join(dist, 'main.js'))}`);
