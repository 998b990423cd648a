// ESLint rule `wharf/family-boundaries`: reports, on the importing line, what analyse.js
// finds wrong in this file and the baseline does not list. The graph is built once per
// lint run (a few hundred ms for the whole tree).
import fs from 'node:fs';
import path from 'node:path';
import { analyse } from './analyse.js';
import { ROOT } from './layers.js';

export const BASELINE_FILE = path.join(ROOT, 'eslint-rules/boundaries/baseline.json');

export function readBaseline(file = BASELINE_FILE) {
  if (!fs.existsSync(file)) return { imports: [], cycles: [] };
  const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { imports: raw.imports ?? [], cycles: raw.cycles ?? [] };
}

const cache = new Map();

function findings(root, baselineFile) {
  const key = `${root}|${baselineFile}`;
  if (!cache.has(key)) {
    const { violations, cycles } = analyse(root);
    const baseline = readBaseline(baselineFile);
    const allowedImports = new Set(baseline.imports);
    const allowedCycles = new Set(baseline.cycles);
    const byFile = new Map();
    const add = (file, line, message) => {
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push({ line, message });
    };
    for (const [k, v] of violations) if (!allowedImports.has(k)) add(v.file, v.line, v.message);
    for (const [k, c] of cycles) {
      if (allowedCycles.has(k)) continue;
      for (const e of c.evidence) add(e.file, e.line, `families import each other in a loop (${k}): ${e.from} imports ${e.to} here`);
    }
    cache.set(key, byFile);
  }
  return cache.get(key);
}

export const familyBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "A family imports another family only through its public face; the core and core families never import product families; families do not import each other in a loop (docs/kernel/boundaries.md)" },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, baseline: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? ROOT;
    const mine = findings(root, options.baseline ?? BASELINE_FILE).get(path.resolve(context.filename)) ?? [];
    if (!mine.length) return {};
    return {
      Program() {
        for (const { line, message } of mine) context.report({ loc: { start: { line, column: 0 }, end: { line, column: 1 } }, message });
      },
    };
  },
};

export default { rules: { 'family-boundaries': familyBoundaries } };

/** Entries of the baseline that are no longer violations (delete them), and violations it lacks. */
export function compareBaseline({ violations, cycles }, baseline) {
  const stale = [...baseline.imports.filter((k) => !violations.has(k)), ...baseline.cycles.filter((k) => !cycles.has(k))];
  const fresh = [...[...violations.keys()].filter((k) => !baseline.imports.includes(k)), ...[...cycles.keys()].filter((k) => !baseline.cycles.includes(k))];
  return { stale, fresh };
}
