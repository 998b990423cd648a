/// <reference types="node" />
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real Wharf server for request-layer tests: started as its own process (the web app
 * never imports server code), on a free port, with a fresh embedded database in a
 * temporary directory, the test clock on, and mail written to its log (which is read
 * here, as a self-hoster without SMTP reads their links).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');

export interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

export interface RealServer {
  /** `http://127.0.0.1:<port>` */
  address: string;
  /** Moves the server's clock forward. */
  advanceClock(ms: number): Promise<void>;
  /** The last lines the server printed (for failure messages). */
  output(): string[];
  /** Mail the server has written to its log so far. */
  mails(): LoggedMail[];
  /** Waits for a mail to this address whose text matches. */
  waitForMail(to: string, pattern: RegExp, timeoutMs?: number): Promise<LoggedMail>;
  close(): Promise<void>;
}

export async function startRealServer(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<RealServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-web-'));
  const webDir = path.join(dataDir, 'no-web');
  fs.mkdirSync(webDir);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'info',
      WHARF_TEST_CLOCK: '1',
      WHARF_JOBS: 'off',
      ARGON2_MEMORY_KIB: '256',
      RATE_LIMIT_PER_MINUTE: '0',
      RISK_MAX_FAILURES_PER_ADDRESS: '100000',
      WHARF_OPERATOR_EMAIL: 'operator@example.com',
      WHARF_OPERATOR_PASSWORD: 'operator password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const mails: LoggedMail[] = [];
  const output: string[] = [];
  let buffered = '';
  let resolveAddress: (address: string) => void = () => undefined;
  const addressKnown = new Promise<string>((resolve) => (resolveAddress = resolve));

  const onLine = (line: string) => {
    output.push(line);
    if (output.length > 200) output.shift();
    const console = /Wharf console: (http:\/\/[^/\s]+)\//.exec(line);
    if (console?.[1]) resolveAddress(console[1]);
    if (line.startsWith('{') && line.includes('"mail"')) {
      try {
        const entry = JSON.parse(line) as { mail?: LoggedMail };
        if (entry.mail) mails.push(entry.mail);
      } catch {
        // not a log entry
      }
    }
  };
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      onLine(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let address: string;
  try {
    address = await Promise.race([
      addressKnown,
      exited.then((code) => {
        throw new Error(`the server exited (${code}) before listening:\n${output.join('\n')}`);
      }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the server did not start in ${timeoutMs} ms:\n${output.join('\n')}`)), timeoutMs)),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    cleanup();
    throw err;
  }

  return {
    address,
    async advanceClock(ms) {
      const res = await fetch(`${address}/__test/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ advanceMs: ms }),
      });
      if (res.status !== 200) throw new Error(`the test clock answered ${res.status}`);
    },
    output: () => [...output],
    mails: () => [...mails],
    async waitForMail(to, pattern, waitMs = 15_000) {
      const until = Date.now() + waitMs;
      for (;;) {
        const found = mails.find((m) => m.to === to && pattern.test(m.text));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      cleanup();
    },
  };
}

declare global {
  // The JSDOM instance vitest's jsdom environment exposes.
  var jsdom: { reconfigure(options: { url?: string }): void; window: object };
}

/**
 * Makes the page (jsdom) an address of the server, as when the server serves the console:
 * calls are same-origin and the server's cookies are the page's. jsdom's reconfigure
 * moves the document but not the origin its XMLHttpRequest checks (window._origin), so
 * that one is moved too.
 */
export function openPageAt(address: string): void {
  jsdom.reconfigure({ url: `${address}/` });
  (jsdom.window as { _origin?: string })._origin = new URL(address).origin;
}
