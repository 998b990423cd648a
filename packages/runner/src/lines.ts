import type { Readable } from 'node:stream';

/**
 * Splits a stream into lines of at most `limit` bytes. The other end is a function's process,
 * which can write anything to its answer pipe: a line past the limit, or one that is not
 * JSON, is a broken protocol and ends the runner rather than the server's memory.
 */
export function boundedLines(input: Readable, limit: number, onLine: (line: string) => void, onBroken: (why: string) => void): void {
  let chunks: Buffer[] = [];
  let held = 0;
  let broken = false;
  input.on('data', (chunk: Buffer) => {
    if (broken) return;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      // Most lines lie whole in one chunk: read them in place.
      let line: string;
      if (chunks.length === 0) line = chunk.toString('utf8', start, nl);
      else {
        chunks.push(chunk.subarray(start, nl));
        line = Buffer.concat(chunks).toString('utf8');
        chunks = [];
        held = 0;
      }
      start = nl + 1;
      onLine(line);
    }
    if (start < chunk.length) {
      chunks.push(chunk.subarray(start));
      held += chunk.length - start;
      if (held > limit) {
        broken = true;
        chunks = [];
        onBroken(`an answer longer than ${limit} bytes`);
      }
    }
  });
}
