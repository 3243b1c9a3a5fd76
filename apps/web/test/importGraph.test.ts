/**
 * The web app's modules import one way: no module reaches itself again through its imports, static or lazy
 * (`import()`). Features declare their screens (routes.tsx) and the app collects them; a page never imports the
 * shell that imports the registry that imports the page. The graph is read from the sources (relative imports).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** Every relative module a file imports: `import … from`, `export … from`, `import '…'` and `import('…')`. */
export function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const specs = [
    ...code.matchAll(/\b(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...code.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specs.flatMap((s) => {
    const r = resolve(file, s);
    return r && !/\.css$/.test(r) ? [r] : [];
  });
}

/** The groups of modules that import each other in a circle (Tarjan's strongly connected components). */
export function circles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  let n = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(path.relative(src, w));
      } while (w !== v);
      if (group.length > 1 || graph.get(v)!.includes(v)) out.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return out;
}

describe('the import graph of the web app', () => {
  it('has no circle', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(50);
    expect(circles(files)).toEqual([]);
  });

  it('features import each other one way: no two feature folders reach each other', () => {
    const featureOf = (f: string) => path.relative(path.join(src, 'features'), f).split(path.sep)[0]!;
    const edges = new Map<string, Set<string>>();
    for (const f of sourceFiles(path.join(src, 'features')))
      for (const i of importsOf(f))
        if (i.startsWith(path.join(src, 'features') + path.sep) && featureOf(i) !== featureOf(f))
          edges.set(featureOf(f), (edges.get(featureOf(f)) ?? new Set()).add(featureOf(i)));
    // a feature reaches itself again through others: the chain is named, e.g. payments → approvals → payments
    const loops: string[] = [];
    const walk = (start: string, at: string, seen: string[]) => {
      for (const next of edges.get(at) ?? []) {
        if (next === start) loops.push([...seen, next].join(' → '));
        else if (!seen.includes(next)) walk(start, next, [...seen, next]);
      }
    };
    for (const feature of edges.keys()) walk(feature, feature, [feature]);
    expect(edges.size).toBeGreaterThan(5);
    expect(loops).toEqual([]);
  });

  it('features never import the app shell', () => {
    const upward = sourceFiles(path.join(src, 'features')).flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith(path.join(src, 'app') + path.sep))
        .map((i) => `${path.relative(src, f)} → ${path.relative(src, i)}`),
    );
    expect(upward).toEqual([]);
  });
});
