import { parseArgs } from 'node:util';
import { ConnectApi } from './connect';
import { loadCredentials, readKeyFile, saveCredentials, type Credentials } from './credentials';
import { CliError, EXIT } from './errors';
import type { Io } from './progress';
import { publish, sendBuild } from './publish';

const HELP = `wharf: publish builds to a Wharf deployment from CI, through the Connect API.

  wharf login --url URL (--client-id ID --client-secret SECRET | --key-file private.json)
  wharf whoami
  wharf apps --package com.example.app[,com.example.other]
  wharf publish --file app.aab (--app-id ID | --package NAME) [--phased 10] [--phased-days 7]
                [--release-time 2026-12-25T08:00:00+0000] [--notes-file notes.txt] [--lang en-US] [--wait]
  wharf status (--app-id ID | --package NAME)
  wharf phased pause|resume|full|set PERCENT (--app-id ID | --package NAME)
  wharf release-time (--now | --release-time TIME) (--app-id ID | --package NAME)
  wharf test-version --file beta.apk --name NAME --groups ID[,ID] --start TIME --end TIME
                     (--app-id ID | --package NAME) [--install-limit N] [--submit]
  wharf projects [--project ID]

Credentials come from WHARF_URL with WHARF_CLIENT_ID and WHARF_CLIENT_SECRET (or
WHARF_KEY_FILE) when set, else from \`wharf login\`. --json prints results as JSON.
Exit codes: 0 done, 1 refused by the server, 2 wrong usage, 3 server unreachable, 4 the build failed (parse or review).`;

const OPTIONS = {
  url: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'key-file': { type: 'string' },
  package: { type: 'string' },
  'app-id': { type: 'string' },
  file: { type: 'string' },
  phased: { type: 'string' },
  'phased-days': { type: 'string' },
  'release-time': { type: 'string' },
  'notes-file': { type: 'string' },
  lang: { type: 'string' },
  wait: { type: 'boolean' },
  'poll-ms': { type: 'string' },
  now: { type: 'boolean' },
  name: { type: 'string' },
  groups: { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  'install-limit': { type: 'string' },
  submit: { type: 'boolean' },
  project: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const number = (text: string | undefined, name: string, min: number, max: number): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max) throw new CliError(`--${name} must be a number from ${min} to ${max}`, EXIT.usage);
  return n;
};

/** The app a command acts on: --app-id, or the team's app with --package. */
async function appIdOf(api: ConnectApi, v: Values): Promise<string> {
  if (v['app-id']) return v['app-id'];
  if (!v.package) throw new CliError('Name the app: --app-id ID or --package NAME', EXIT.usage);
  const found = (await api.call('GET', '/appid-list', { packageName: v.package })).appids as Array<{ value: string }>;
  if (!found[0]) throw new CliError(`The team has no app with the package name ${v.package}`, EXIT.refused);
  return found[0].value;
}

async function run(command: string | undefined, args: string[], v: Values, io: Io, api: (given?: Credentials) => ConnectApi): Promise<unknown> {
  switch (command) {
    case 'login': {
      if (!v.url) throw new CliError('wharf login needs --url', EXIT.usage);
      const c: Credentials = v['key-file'] ? { url: v.url, keyFile: readKeyFile(v['key-file']) } : { url: v.url, clientId: v['client-id'] ?? '', clientSecret: v['client-secret'] ?? '' };
      if (!c.keyFile && (!c.clientId || !c.clientSecret)) throw new CliError('wharf login needs --client-id and --client-secret, or --key-file', EXIT.usage);
      const who = await api(c).whoAmI();
      const file = saveCredentials(io.env, c);
      io.err.write(`Signed in as ${String(who.name)} (${String(who.type)}, ${String(who.role)}); saved to ${file}\n`);
      return { clientId: who.clientId, name: who.name, role: who.role };
    }
    case 'whoami':
      return api().whoAmI();
    case 'apps':
      if (!v.package) throw new CliError('wharf apps needs --package', EXIT.usage);
      return (await api().call('GET', '/appid-list', { packageName: v.package })).appids;
    case 'publish': {
      if (!v.file) throw new CliError('wharf publish needs --file', EXIT.usage);
      const c = api();
      return publish(c, { file: v.file, appId: await appIdOf(c, v), phased: number(v.phased, 'phased', 0.01, 100), phasedDays: number(v['phased-days'], 'phased-days', 1, 30) ?? 7, releaseTime: v['release-time'], notesFile: v['notes-file'], lang: v.lang, wait: v.wait ?? false, pollMs: number(v['poll-ms'], 'poll-ms', 10, 600_000) ?? 5000 }, io);
    }
    case 'status': {
      const c = api();
      const info = await c.call('GET', '/app-info', { appId: await appIdOf(c, v) });
      return { appInfo: info.appInfo, auditInfo: info.auditInfo, languages: info.languages };
    }
    case 'phased': {
      const c = api();
      const [action, value] = args;
      const body =
        action === 'pause' ? { state: 'SUSPEND' } : action === 'resume' ? { state: 'RELEASE' } : action === 'full' ? { state: 'FULL' } : action === 'set' ? { state: 'RELEASE', phasedReleasePercent: number(value, 'percent', 0.01, 100)?.toFixed(2) } : null;
      if (!body || (action === 'set' && !value)) throw new CliError('wharf phased pause|resume|full|set PERCENT', EXIT.usage);
      return (await c.call('PUT', '/phased-release', { appId: await appIdOf(c, v) }, body)).phasedReleaseInfo;
    }
    case 'release-time': {
      if (!v.now === !v['release-time']) throw new CliError('wharf release-time needs --now or --release-time TIME', EXIT.usage);
      const c = api();
      await c.call('PUT', '/on-shelf-time', { appId: await appIdOf(c, v) }, v.now ? { changeType: 2, releaseType: 1 } : { changeType: 3, releaseTime: v['release-time'], releaseType: 1 });
      return v.now ? 'Released now' : `Release moved to ${v['release-time']}`;
    }
    case 'test-version': {
      if (!v.file || !v.name || !v.groups || !v.start || !v.end) throw new CliError('wharf test-version needs --file, --name, --groups, --start and --end', EXIT.usage);
      const c = api();
      const appId = await appIdOf(c, v);
      const pkgId = await sendBuild(c, appId, v.file, number(v['poll-ms'], 'poll-ms', 10, 600_000) ?? 5000, io);
      const installLimit = number(v['install-limit'], 'install-limit', 1, 1_000_000);
      const made = await c.call('POST', '/test/app/version', { appId }, { versionName: v.name, pkgId, testGroupIds: v.groups.split(',').map((g) => g.trim()), startTime: v.start, endTime: v.end, ...(installLimit ? { installLimit } : {}) });
      const testVersion = made.testVersion as { testVersionId: string };
      if (!v.submit) return testVersion;
      return (await c.call('POST', '/test/app/version/submit', { appId }, { testVersionId: testVersion.testVersionId })).testVersion;
    }
    case 'projects': {
      const c = api();
      if (v.project) return (await c.call('GET', `/api/project-service/v1/projects/${encodeURIComponent(v.project)}`, { queryFlag: 1 })).project;
      return (await c.call('GET', '/api/project-service/v1/projects', { pageSize: 100 })).projects;
    }
    default:
      throw new CliError(command ? `Unknown command ${command}\n\n${HELP}` : HELP, EXIT.usage);
  }
}

/** Runs one command line; answers the exit code (the bin sets it). */
export async function main(argv: string[], io: Io, fetchFn: typeof fetch = fetch): Promise<number> {
  let json = false;
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    json = values.json ?? false;
    if (values.help) {
      io.out.write(`${HELP}\n`);
      return EXIT.ok;
    }
    const [command, ...rest] = positionals;
    const result = await run(command, rest, values, io, (given) => new ConnectApi(given ?? loadCredentials(io.env), fetchFn));
    io.out.write(json ? `${JSON.stringify(result)}\n` : `${typeof result === 'string' ? result : JSON.stringify(result, null, 2)}\n`);
    return EXIT.ok;
  } catch (err) {
    const e = err instanceof CliError ? err : new CliError((err as Error).message, (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? EXIT.usage : EXIT.unreachable);
    if (json) io.out.write(`${JSON.stringify({ error: e.message, exitCode: e.exitCode, ...(e.retCode !== null ? { retCode: e.retCode } : {}) })}\n`);
    io.err.write(`wharf: ${e.message}\n`);
    return e.exitCode;
  }
}
