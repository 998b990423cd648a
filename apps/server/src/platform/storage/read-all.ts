import type { Readable } from 'node:stream';

/** A stream's bytes in memory, or null (and the stream ended) once they pass `max`: the caller says why in its own words. */
export async function readAllUpTo(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
