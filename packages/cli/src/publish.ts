import fs from 'node:fs';
import path from 'node:path';
import type { ConnectApi } from './connect';
import { CliError, EXIT } from './errors';
import { progressBar, type Io } from './progress';
import { checkBuild, fileFacts, putFile } from './upload';

export interface PublishOptions {
  file: string;
  appId: string;
  /** Release to this percentage of devices first (a phased release). */
  phased?: number | undefined;
  phasedDays: number;
  releaseTime?: string | undefined;
  notesFile?: string | undefined;
  lang?: string | undefined;
  wait: boolean;
  pollMs: number;
}

const STATE_NAMES: Record<number, string> = { 0: 'on shelf', 1: 'release rejected', 3: 'approved, waiting for its release time', 4: 'under review', 5: 'update under review', 7: 'draft', 8: 'update rejected' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** AppGallery Connect's way of writing a time. */
const agcTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+0000');

/** Upload, attach, wait for the parse, set the release notes, submit; with `wait`, follow the review. */
export async function publish(api: ConnectApi, o: PublishOptions, io: Io): Promise<Record<string, unknown>> {
  const notes = o.notesFile ? readNotes(o.notesFile) : undefined;
  const fileName = path.basename(o.file);
  const pkgId = await sendBuild(api, o.appId, o.file, o.pollMs, io);
  io.err.write(`Package ${pkgId}: parsed, attached to the version in preparation\n`);
  if (notes !== undefined) {
    const lang = o.lang ?? ((await api.call('GET', '/app-info', { appId: o.appId })).appInfo as { defaultLang: string }).defaultLang;
    await api.call('PUT', '/app-language-info', { appId: o.appId }, { lang, newFeatures: notes });
    io.err.write(`Release notes (${lang}) set\n`);
  }
  const now = new Date();
  const phased = o.phased === undefined ? undefined : { phasedReleaseStartTime: agcTime(now), phasedReleaseEndTime: agcTime(new Date(now.getTime() + o.phasedDays * 86_400_000)), phasedReleasePercent: o.phased.toFixed(2), phasedReleaseDescription: `Phased release of ${fileName}` };
  await api.call('POST', '/app-submit', { appId: o.appId, releaseType: phased ? 3 : undefined, releaseTime: o.releaseTime }, phased);
  io.err.write(`Submitted for review${phased ? `, to ${o.phased} % of devices at first` : ''}\n`);
  let state = ((await api.call('GET', '/app-info', { appId: o.appId })).appInfo as { releaseState: number }).releaseState;
  if (o.wait) state = await followReview(api, o, io, state);
  return { appId: o.appId, pkgId, releaseState: state, stateName: STATE_NAMES[state] ?? String(state) };
}

/** Checks, uploads and attaches a build, then waits for its parse: the package's ID. */
export async function sendBuild(api: ConnectApi, appId: string, file: string, pollMs: number, io: Io): Promise<string> {
  checkBuild(file);
  const { size, sha256 } = await fileFacts(file);
  const fileName = path.basename(file);
  const { urlInfo } = (await api.call('GET', '/upload-url/for-obs', { appId, fileName, contentLength: size, sha256 })) as { urlInfo: { objectId: string; url: string; headers: Record<string, string> } };
  await putFile(urlInfo.url, urlInfo.headers, file, size, progressBar(io, size, `Uploading ${fileName}`));
  const attached = await api.call('PUT', '/app-file-info', { appId }, { fileType: 5, files: [{ fileName, fileDestUrl: urlInfo.objectId }] });
  const pkgId = (attached.pkgVersion as string[])[0]!;
  io.err.write(`Package ${pkgId}: parsing\n`);
  for (;;) {
    const status = await api.call('GET', '/package/compile/status', { appId, pkgIds: pkgId });
    const state = (status.pkgStateList as Array<{ successStatus: number; failureReason?: string }>)[0]!;
    if (state.successStatus === 0) return pkgId;
    if (state.successStatus === 2) throw new CliError(`The package cannot be used: ${state.failureReason ?? 'it could not be parsed'}`, EXIT.build);
    await sleep(pollMs);
  }
}

async function followReview(api: ConnectApi, o: PublishOptions, io: Io, from: number): Promise<number> {
  let state = from;
  while (state === 4 || state === 5) {
    await sleep(o.pollMs);
    const info = await api.call('GET', '/app-info', { appId: o.appId });
    const next = (info.appInfo as { releaseState: number }).releaseState;
    if (next !== state) io.err.write(`Now ${STATE_NAMES[next] ?? next}\n`);
    state = next;
    if (state === 1 || state === 8) throw new CliError(`Rejected in review: ${(info.auditInfo as { auditOpinion: string }).auditOpinion}`, EXIT.build);
  }
  return state;
}

function readNotes(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new CliError(`Cannot read the release notes ${file}`, EXIT.usage);
  }
}
