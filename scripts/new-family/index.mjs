// `npm run new:family -- <name> [--item <singular>] [--no-migration]`: a working family
// from the template on every layer (contract, server, web, tests, matrix builder, strings
// in three languages), added to the few lists that name every family, and its migration.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { contractFiles } from './contract.mjs';
import { familyNames } from './names.mjs';
import { serverFiles } from './server.mjs';
import { webFiles } from './web.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Adds `line` after the last line matching `after` (or before the first matching `before`). */
function insertLine(file, line, { after, before }) {
  const full = path.join(ROOT, file);
  const lines = fs.readFileSync(full, 'utf8').split('\n');
  const at = after ? lines.findLastIndex((l) => after.test(l)) + 1 : lines.findIndex((l) => before.test(l));
  if (at <= 0) throw new Error(`${file}: found no place for "${line}"`);
  lines.splice(at, 0, line);
  fs.writeFileSync(full, lines.join('\n'));
}

function register(n) {
  const contract = 'packages/contract/src/index.ts';
  insertLine(contract, `import * as ${n.camel}Family from './families/${n.family}';`, { after: /^import \* as \w+Family from/ });
  insertLine(contract, `export * as ${n.camel}Api from './families/${n.family}';\nexport type { ${n.Item} } from './families/${n.family}';`, { after: /^export \* as \w+Api from/ });
  const index = path.join(ROOT, contract);
  const text = fs.readFileSync(index, 'utf8');
  const marker = '].flatMap(';
  if (!text.includes(marker)) throw new Error(`${contract}: ALL_ENDPOINTS is not where the scaffold expects it`);
  fs.writeFileSync(index, text.replace(marker, `, ${n.camel}Family${marker}`));

  insertLine('apps/server/src/families/index.ts', `import { ${n.camel}Family } from './${n.family}';`, { after: /^import / });
  insertLine('apps/server/src/families/index.ts', `  ${n.camel}Family,`, { before: /^\];/ });
  registerAuditActions(n);
}

/**
 * The family's audit actions join the contract's catalogue (the server's audit writer takes
 * no other), and the team's audit log gets words for them in its three languages.
 */
function registerAuditActions(n) {
  insertLine('packages/contract/src/families/team/audit-actions.ts', `  '${n.family}.create', '${n.family}.delete',`, { before: /^\] as const;$/ });
  const words = {
    cn: { create: `${n.Pascal}：已创建`, delete: `${n.Pascal}：已删除` },
    en: { create: `${n.Pascal}: created`, delete: `${n.Pascal}: deleted` },
    ru: { create: `${n.Pascal}: создано`, delete: `${n.Pascal}: удалено` },
  };
  for (const [language, action] of Object.entries(words)) {
    const file = path.join(ROOT, `apps/web/src/features/team/locales/${language}.json`);
    const strings = JSON.parse(fs.readFileSync(file, 'utf8'));
    strings.audit.action[n.family] = action;
    strings.audit.target[n.itemKebab] = n.Item;
    fs.writeFileSync(file, `${JSON.stringify(strings, null, 2)}\n`);
  }
}

function main(argv) {
  const args = argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args.splice(i, 2)[1];
  };
  const noMigration = args.includes('--no-migration');
  const item = flag('--item');
  const n = familyNames(args.find((a) => !a.startsWith('--')), item);
  const files = { ...contractFiles(n), ...serverFiles(n), ...webFiles(n) };
  for (const dir of [`packages/contract/src/families/${n.family}`, `apps/server/src/families/${n.family}`, `apps/web/src/features/${n.family}`]) {
    if (fs.existsSync(path.join(ROOT, dir))) throw new Error(`${dir} exists already: choose another name`);
  }
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    fs.writeFileSync(path.join(ROOT, file), text);
  }
  register(n);
  if (!noMigration) {
    const res = spawnSync('npx', ['drizzle-kit', 'generate', '--name', n.table], { cwd: path.join(ROOT, 'apps/server'), stdio: 'inherit' });
    if (res.status !== 0) throw new Error('drizzle-kit could not generate the migration');
  }
  console.log(`\nThe family "${n.family}" is ready: ${Object.keys(files).length} files, and one line each in the contract index and the server's family list (tables, matrix builders, web pages and strings are found by glob).`);
  console.log(`Next: shape the contract (packages/contract/src/families/${n.family}), then the service and its tests; the recipe is in docs/architecture.md.`);
}

try {
  main(process.argv);
} catch (err) {
  console.error(`new:family: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
