import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const CHUNK = Buffer.alloc(1024 * 1024, 0x5a);

/** Resident memory of a process, from /proc (Linux). */
export function rssBytes(pid: number): number {
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** The baseline: dd writing the same number of bytes to the same disk, flushed. */
export function ddSeconds(dir: string, mb: number): number {
  const file = path.join(dir, 'dd-baseline.bin');
  const started = process.hrtime.bigint();
  execFileSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=1M', `count=${mb}`, 'conv=fdatasync'], { stdio: 'ignore' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  fs.rmSync(file, { force: true });
  return seconds;
}

export interface UploadMeasure {
  seconds: number;
  peakRssGrowth: number;
}

/** Streams `mb` MiB to the upload call and samples the server's memory meanwhile. */
export async function uploadSeconds(baseUrl: string, headers: Record<string, string>, mb: number, serverPid: number): Promise<UploadMeasure> {
  const before = rssBytes(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(serverPid));
  }, 50);
  const started = process.hrtime.bigint();
  const url = new URL('/agc/edge/cfs/file_service/v1/upload/object?fileName=bench.bin', baseUrl);
  try {
    await send(url, headers, mb);
  } finally {
    clearInterval(sampler);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  peak = Math.max(peak, rssBytes(serverPid));
  return { seconds, peakRssGrowth: peak - before };
}

/** The SHA-256 of what `send` sends: `mb` of the same MiB. */
export function sentSha256(mb: number): string {
  const hash = createHash('sha256');
  for (let i = 0; i < mb; i += 1) hash.update(CHUNK);
  return hash.digest('hex');
}

/** Streams `mb` MiB to a URL (POST to the file service, or PUT to a signed upload URL). */
export function send(url: URL, headers: Record<string, string>, mb: number, method: 'POST' | 'PUT' = 'POST'): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // Header names once each, whatever their case (a signed URL's answer says Content-Type).
    const given = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const req = http.request(url, { method, headers: { 'content-type': 'application/octet-stream', ...given, 'content-length': String(mb * CHUNK.length) } }, (res) => {
      let answer = '';
      res.on('data', (chunk: Buffer) => {
        if (answer.length < 2000) answer += chunk.toString();
      });
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`upload answered ${res.statusCode} ${answer}`))));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < mb) {
        sent += 1;
        if (!req.write(CHUNK)) return req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}
