import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubblewrapAvailable, buildPackages } from '../index';
import { startLocalRegistry, type LocalRegistry } from '../testing/registry';

// A layer built from a package.json: npm in the functions' sandbox, reaching the registry and
// nothing else, with no package's install script run.

let registry: LocalRegistry;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-build-'));
beforeAll(async () => {
  registry = await startLocalRegistry([
    { name: 'tiny-pad', version: '1.2.0', files: { 'index.js': "module.exports = (s, n) => String(s).padStart(n, '*');" } },
    {
      name: 'sneaky-setup', version: '0.1.0',
      files: { 'index.js': 'module.exports = 1;', 'setup.js': "require('fs').writeFileSync(require('path').join(__dirname, 'SCRIPT-RAN'), 'yes');" },
      scripts: { preinstall: 'node setup.js', install: 'node setup.js', postinstall: 'node setup.js' },
      dependencies: { 'tiny-pad': '^1.0.0' },
    },
  ]);
});
afterAll(async () => {
  await registry.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const build = (name: string, packageJson: object, registryUrl = registry.url) =>
  buildPackages({ dir: path.join(work, name), packageJson: JSON.stringify(packageJson), registry: registryUrl, timeoutMs: 60_000, memoryMb: 512, logChars: 64 * 1024, lookup: registry.lookup });

describe.skipIf(!bubblewrapAvailable())('building packages for a layer', () => {
  it('installs the dependencies from the registry and runs no install script', async () => {
    const out = await build('ok', { dependencies: { 'sneaky-setup': '0.1.0' } });
    expect(out.ok, out.log).toBe(true);
    const modules = path.join(work, 'ok', 'node_modules');
    expect(fs.readFileSync(path.join(modules, 'tiny-pad', 'index.js'), 'utf8')).toContain('padStart');
    expect(fs.existsSync(path.join(modules, 'sneaky-setup', 'setup.js'))).toBe(true);
    expect(fs.existsSync(path.join(modules, 'sneaky-setup', 'SCRIPT-RAN'))).toBe(false);
    expect(registry.requests).toEqual(expect.arrayContaining(['/sneaky-setup', '/tiny-pad']));
  }, 90_000);

  it('says why when a package is not in the registry, and reaches no other host', async () => {
    const missing = await build('missing', { dependencies: { 'no-such-package-here': '1.0.0' } });
    expect(missing.ok).toBe(false);
    expect(missing.log).toMatch(/404|no-such-package-here/);
    // A dependency fetched from another host (a tarball address): refused, though that host answers.
    const tarball = `${registry.url.replace('registry.test', 'other.test')}tiny-pad/-/tiny-pad-1.2.0.tgz`;
    const asked = registry.requests.length;
    const elsewhere = await buildPackages({ dir: path.join(work, 'elsewhere'), packageJson: JSON.stringify({ dependencies: { 'tiny-pad': tarball } }), registry: registry.url, timeoutMs: 60_000, memoryMb: 512, logChars: 8192, lookup: async () => ['127.0.0.1'] });
    expect(elsewhere.ok).toBe(false);
    expect(elsewhere.log).toMatch(/403|other\.test/);
    expect(registry.requests.slice(asked)).toEqual([]);
  }, 90_000);
});
