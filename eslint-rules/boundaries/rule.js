// ESLint rule `wharf/family-boundaries`: reports, on the importing line, what analyse.js
// finds wrong in this file. The graph is built once per lint run (a few hundred ms for the
// whole tree).
import path from 'node:path';
import { analyse } from './analyse.js';
import { ROOT } from './layers.js';

const cache = new Map();

function findings(root) {
  if (!cache.has(root)) {
    const { violations, cycles } = analyse(root);
    const byFile = new Map();
    const add = (file, line, message) => {
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push({ line, message });
    };
    for (const v of violations.values()) add(v.file, v.line, v.message);
    for (const [k, c] of cycles) {
      for (const e of c.evidence) add(e.file, e.line, `families import each other in a loop (${k}): ${e.from} imports ${e.to} here`);
    }
    cache.set(root, byFile);
  }
  return cache.get(root);
}

export const familyBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "A family imports another family only through its public face; the core and core families never import product families; families do not import each other in a loop (docs/kernel/boundaries.md)" },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? ROOT;
    const mine = findings(root).get(path.resolve(context.filename)) ?? [];
    if (!mine.length) return {};
    return {
      Program() {
        for (const { line, message } of mine) context.report({ loc: { start: { line, column: 0 }, end: { line, column: 1 } }, message });
      },
    };
  },
};

export default { rules: { 'family-boundaries': familyBoundaries } };
