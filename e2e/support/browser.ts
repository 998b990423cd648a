import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); a browser is never downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserAvailability {
  available: boolean;
  /** Chromium is missing under CI (`CI=true`): a test must fail saying so. */
  mustFail: boolean;
  /** The failure to report when `mustFail`. */
  missingMessage: string;
}

/**
 * Whether the browser tests can run. Without Chromium they are skipped with a loud
 * warning, except under CI, where the suite adds a failing test instead (see smoke).
 */
export function browserAvailability(): BrowserAvailability {
  const available = fs.existsSync(CHROMIUM_PATH);
  const ci = process.env.CI === 'true';
  if (!available && !ci) {
    console.warn(
      `\n!!! WARNING: Chromium is missing at ${CHROMIUM_PATH}; the browser tests are SKIPPED.` +
        `\n!!! Install it with: apt-get install -y chromium\n`,
    );
  }
  return {
    available,
    mustFail: !available && ci,
    missingMessage: `Chromium is missing at ${CHROMIUM_PATH}: the browser tests cannot run (apt-get install -y chromium)`,
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(browserAvailability().missingMessage);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}
