// ESLint rule: the server's module boundaries (docs/architecture.md, "Modules").
// - A file outside apps/server/src/modules/<m>/ (another module, the seeds, app.ts) imports <m> only through
//   modules/<m>/index.js, its public entry — never its routes.ts or another internal file.
// - Module dependencies are one way: an import between two modules that import each other, directly or through
//   others, is reported with the loop. The module graph is read from the source files once per ESLint run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'modules');
const IMPORT_RE =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g;

/** The module a resolved path belongs to (undefined outside src/modules/<m>/), and the path inside it. */
function moduleOf(abs) {
  const rel = path.relative(modulesDir, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const [name, ...rest] = rel.split(path.sep);
  if (rest.length === 0) return undefined; // modules/index.ts itself: the root that mounts every module
  return { name, inner: rest.join('/') };
}

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

let graph;
/** module → Set of modules it imports, and each module's loop (its strongly connected component) */
function moduleGraph() {
  if (graph) return graph;
  const edges = new Map();
  for (const file of filesUnder(modulesDir)) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!edges.has(from.name)) edges.set(from.name, new Set());
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT_RE)) {
      const to = moduleOf(path.resolve(path.dirname(file), m[1] ?? m[2]));
      if (to && to.name !== from.name) edges.get(from.name).add(to.name);
    }
  }
  // Tarjan's strongly connected components: two modules in one component import each other
  const index = new Map();
  const low = new Map();
  const stack = [];
  const component = new Map();
  let n = 0;
  const visit = (v) => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        members.push(w);
      } while (w !== v);
      for (const m of members) component.set(m, members);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  graph = { edges, component };
  return graph;
}

/** A path of imports from `a` back to `a` through `b` (for the message). */
function loopThrough(a, b) {
  const { edges } = moduleGraph();
  const prev = new Map([[b, null]]);
  const queue = [b];
  while (queue.length) {
    const v = queue.shift();
    if (v === a) break;
    for (const w of edges.get(v) ?? []) {
      if (prev.has(w)) continue;
      prev.set(w, v);
      queue.push(w);
    }
  }
  const back = [];
  for (let v = a; v !== null && v !== undefined; v = prev.get(v)) back.unshift(v);
  return [a, ...back].join(' → ');
}

export default {
  rules: {
    'module-boundaries': {
      meta: {
        type: 'problem',
        docs: { description: 'a module is imported only through its index.ts, and module dependencies are one way' },
        schema: [],
      },
      create(context) {
        const file = context.filename;
        const own = moduleOf(file);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = moduleOf(path.resolve(path.dirname(file), spec));
          if (!target || target.name === own?.name) return;
          if (target.inner !== 'index.js' && target.inner !== 'index.ts') {
            context.report({
              node: node.source,
              message: `import the ${target.name} module through its public entry (modules/${target.name}/index.ts), not its internal file ${target.inner}`,
            });
          }
          if (own) {
            const members = moduleGraph().component.get(own.name) ?? [];
            if (members.includes(target.name)) {
              context.report({
                node: node.source,
                message: `module loop: ${loopThrough(own.name, target.name)} — module dependencies go one way (move the shared piece down, or register a hook in the lower module)`,
              });
            }
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};
