import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatFileSize } from '@wharf/rules';
import { buildApk, makeSigner } from '@wharf/parsers/test-kit';

export interface JourneyPackage {
  path: string;
  fileName: string;
  bytes: Buffer;
  /** The size as the console shows it (base 1024, two decimals). */
  sizeText: string;
}

/**
 * A signed release APK that the project builds itself, so the journeys run on any clone:
 * the real builds under ../shared/fixtures are checked by the parser and packages tests,
 * which skip with a notice where they are absent.
 */
export function journeyApk(spec: { packageName: string; versionCode: number; versionName: string; label: string }): JourneyPackage {
  const bytes = buildApk({
    manifest: { packageName: spec.packageName, versionCode: spec.versionCode, versionName: spec.versionName, minSdk: 21, targetSdk: 34, label: spec.label },
    v2: [makeSigner(`${spec.label} release`)],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-journey-'));
  const fileName = `${spec.label.toLowerCase()}-release.apk`;
  const file = path.join(dir, fileName);
  fs.writeFileSync(file, bytes);
  return { path: file, fileName, bytes, sizeText: formatFileSize(bytes.length) };
}
