/**
 * The login page's weight budget, read from the built files (apps/web/dist): the entry script of index.html,
 * every chunk index.html preloads and every chunk those import statically — the JavaScript a browser loads
 * before anyone signs in. Each file is gzipped here (the server may send it uncompressed); the sum must stay
 * within the budget, so a module that pulls antd, dayjs, the charts or the calendar into the login path fails
 * the build's tests. `npm test` builds the web app before this runs; `npm run bench:web` measures the same in
 * Chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET_KB = 200;
const dist = path.resolve(__dirname, '../dist');

/** The relative paths a built chunk imports statically (`import … from"./x.js"`, `import"./x.js"`, re-exports). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) out.push(m[1]!);
  return out;
}

/** The JavaScript the login page loads: the entry, its modulepreloads and their static imports, transitively. */
export function loginScripts(distDir: string): string[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => path.join(distDir, m[1]!.replace(/^\//, '')));
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const rel of staticImports(fs.readFileSync(file, 'utf8'))) walk(path.resolve(path.dirname(file), rel));
  };
  refs.forEach(walk);
  return [...seen];
}

describe('the login page budget', () => {
  it(`loads at most ${BUDGET_KB} kB of gzipped JavaScript before sign-in`, () => {
    if (!fs.existsSync(path.join(dist, 'index.html')))
      throw new Error(`no built web app in ${dist}: run \`npm run build\` first (npm test does it before this test)`);
    const files = loginScripts(dist);
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((f) => ({ file: path.basename(f), gzip: zlib.gzipSync(fs.readFileSync(f)).length }));
    sizes.sort((a, b) => b.gzip - a.gzip);
    const total = sizes.reduce((a, s) => a + s.gzip, 0) / 1000;
    console.log(
      [
        `login page: ${total.toFixed(1)} kB gzipped JavaScript in ${sizes.length} files (budget ${BUDGET_KB} kB)`,
        ...sizes.map((s) => `  ${(s.gzip / 1000).toFixed(1).padStart(7)} kB  ${s.file}`),
      ].join('\n'),
    );
    expect(total).toBeLessThanOrEqual(BUDGET_KB);
  });
});
