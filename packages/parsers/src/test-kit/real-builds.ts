import fs from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';

/**
 * The real build outputs shared beside the repository (../shared/fixtures/packages, see its
 * README). CI has them; a clone on its own does not, and its tests must still pass there.
 */
export const REAL_BUILDS_DIR = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/packages');
export const REAL_AAB = path.join(REAL_BUILDS_DIR, 'tipsy-release.aab');
export const REAL_HAP = path.join(REAL_BUILDS_DIR, 'arktscalc-debug-signed.hap');
export const HAVE_REAL_BUILDS = fs.existsSync(REAL_AAB) && fs.existsSync(REAL_HAP);

/** In the name of every suite that needs the real builds: `npm test` lists the skipped ones by it. */
export const NEEDS_REAL_BUILDS = '(needs ../shared/fixtures/packages)';

/** A suite on the real builds: skipped where they are absent, named so the skip is reported. */
export function describeWithRealBuilds(name: string, fn: () => void): void {
  describe.skipIf(!HAVE_REAL_BUILDS)(`${name} ${NEEDS_REAL_BUILDS}`, fn);
}
