import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = path.resolve(E2E_DIR, '..');
export const WEB_DIR = path.join(ROOT_DIR, 'apps', 'web');
export const WEB_DIST_DIR = path.join(WEB_DIR, 'dist');
export const SCREENSHOTS_DIR = path.join(E2E_DIR, 'screenshots');
