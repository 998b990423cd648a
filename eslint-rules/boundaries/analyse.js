// The family import graph of the repository, and what in it breaks the boundaries:
// reach-ins past a family's face, the core reaching into families, core families
// importing product families, and families importing each other in a loop.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { classify, CORE_FAMILIES, LAYERS, ROOT } from './layers.js';

const SOURCE = /\.(ts|tsx)$/;

function walk(dir, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** The file a relative specifier names, as TypeScript and Vite would find it. */
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every relative import of a file (type-only, re-exports and dynamic ones too), with its line. */
export function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith('.'))
    .map((i) => ({ spec: i.fileName, target: resolve(file, i.fileName), line: text.slice(0, i.pos).split('\n').length }))
    .filter((i) => i.target);
}

/** Why an import is not allowed, or null. `from` and `to` are classified files of one layer. */
export function refusal(from, to) {
  if (to.role !== 'family') return null;
  const faces = from.layer.face;
  if (from.role === 'family') {
    if (from.family === to.family) return null;
    if (from.test) {
      const support = faces.includes(to.inner) || to.inner === 'index.ts' || to.inner === 'testing.ts' || /^(__tests__|__fixtures__)\//.test(to.inner);
      return support ? null : `a test of ${from.family} imports ${to.family}/${to.inner}: use its ${faces[0]}, index.ts or test helpers`;
    }
    if (CORE_FAMILIES.has(from.family) && !CORE_FAMILIES.has(to.family)) return `the core family ${from.family} imports the product family ${to.family}`;
    return faces.includes(to.inner) ? null : `${from.family} reaches into ${to.family}/${to.inner}: import ${to.family}/${faces[0]} instead`;
  }
  if (from.role === 'registry') {
    const allowed = [...faces, ...(from.layer.registryFaces ?? []), 'index.ts'];
    return allowed.includes(to.inner) ? null : `the registry imports ${to.family}/${to.inner}: only a family's ${allowed.join(', ')}`;
  }
  if (from.role === 'core' && !from.test) return `the shared core imports the family ${to.family}`;
  return null;
}

/** Strongly connected components of size > 1 (Tarjan), each with one loop through it. */
function loops(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found;
}

/**
 * Everything the boundaries refuse in the tree at `root`: import violations keyed
 * `importer -> target` and cycles keyed `layer: a, b, c` (the families of the loop).
 */
export function analyse(root = ROOT) {
  const violations = new Map();
  const edges = new Map(LAYERS.map((l) => [l.name, new Map()]));
  const files = LAYERS.flatMap((l) => [l.families, ...l.registries, ...l.core].map((d) => path.join(root, d)))
    .flatMap((d) => (d.endsWith('.ts') || d.endsWith('.tsx') ? (fs.existsSync(d) ? [d] : []) : walk(d, [])));
  for (const file of [...new Set(files)]) {
    const from = classify(file, root);
    if (!from) continue;
    for (const { target, line } of importsOf(file)) {
      const to = classify(target, root);
      if (!to || to.layer !== from.layer) continue;
      const why = refusal(from, to);
      if (why) violations.set(`${from.rel} -> ${to.rel}`, { file, line, message: why });
      if (from.role === 'family' && to.role === 'family' && !from.test && from.family !== to.family) {
        const graph = edges.get(from.layer.name);
        if (!graph.has(from.family)) graph.set(from.family, new Set());
        graph.get(from.family).add(to.family);
        (graph.evidence ??= []).push({ file, line, from: from.family, to: to.family });
      }
    }
  }
  const cycles = new Map();
  for (const [layer, graph] of edges) {
    for (const members of loops(graph)) {
      const inLoop = (graph.evidence ?? []).filter((e) => members.includes(e.from) && members.includes(e.to));
      cycles.set(`${layer}: ${members.join(', ')}`, { layer, members, evidence: inLoop });
    }
  }
  return { violations, cycles };
}
