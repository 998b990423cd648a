import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { CliError, EXIT } from './errors';

/** Size and SHA-256 of a file, read once as a stream. */
export async function fileFacts(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * What can be told about a build before sending it: there, not empty, and a zip archive
 * (APK, AAB, HAP and APP all are); the server parses it fully after the upload.
 */
export function checkBuild(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    throw new CliError(`There is no file ${file}`, EXIT.usage);
  }
  const head = Buffer.alloc(4);
  const read = fs.readSync(fd, head, 0, 4, 0);
  fs.closeSync(fd);
  if (read < 4 || head.readUInt32LE(0) !== 0x04034b50) throw new CliError(`${file} is not an app package (APK, AAB, HAP and APP files are zip archives)`, EXIT.build);
}

/** PUTs the file to a signed upload URL with exactly the headers it came with, reporting bytes sent. */
export function putFile(url: string, headers: Record<string, string>, file: string, size: number, onProgress: (sent: number) => void): Promise<void> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise<void>((resolve, reject) => {
    const req = request(target, { method: 'PUT', headers: { ...headers, 'content-length': String(size) } }, (res) => {
      let answer = '';
      res.on('data', (chunk: Buffer) => {
        if (answer.length < 4000) answer += chunk.toString();
      });
      res.on('end', () => {
        if (res.statusCode === 200 || res.statusCode === 204) return resolve();
        let msg = answer;
        try {
          msg = (JSON.parse(answer) as { ret?: { msg?: string } }).ret?.msg ?? answer;
        } catch {
          // not JSON: said as it came
        }
        reject(new CliError(`The upload was refused (${res.statusCode}): ${msg}`, res.statusCode && res.statusCode < 500 ? EXIT.refused : EXIT.unreachable));
      });
    });
    req.on('error', (err) => reject(new CliError(`The upload failed: ${err.message}`, EXIT.unreachable)));
    let sent = 0;
    const stream = fs.createReadStream(file);
    stream.on('data', (chunk) => {
      sent += chunk.length;
      onProgress(sent);
    });
    stream.on('error', (err) => reject(new CliError(`Cannot read ${file}: ${err.message}`, EXIT.usage)));
    stream.pipe(req);
  });
}
