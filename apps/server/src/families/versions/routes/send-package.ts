import { Readable, pipeline, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/errors';
import { parseRange } from '../../../platform/http/range';
import type { ExpectedObject, HotObjects } from '../../../platform/storage/hot-objects';

interface Stored {
  fileName: string;
}

interface StoredFile extends ExpectedObject {
  contentType: string;
}

/**
 * Sends a stored package to a device, whole or the Range asked for, from memory when it is
 * one of the instance's hot objects. `onFirstByte` runs when the download starts at its
 * first byte (a resumed download is the same download).
 */
export async function sendPackage(req: FastifyRequest, reply: FastifyReply, objects: HotObjects, pkg: Stored, file: StoredFile, onFirstByte?: () => Promise<void>): Promise<void> {
  const range = parseRange(req.headers.range, file.size);
  reply.header('Accept-Ranges', 'bytes').header('ETag', `"${file.sha256}"`).header('Content-Type', file.contentType);
  reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(pkg.fileName)}`);
  if (range.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.size}`);
    throw new AppError('rangeNotSatisfiable');
  }
  // The bytes do not wait for the count (on the embedded database it waits its turn behind
  // every other query); the end of the answer does, so a finished download is counted.
  const counting = onFirstByte && (range.kind === 'full' || range.start === 0) ? onFirstByte().catch((err: unknown) => req.log.warn({ err }, 'download not counted')) : null;
  const body = async (r?: { start: number; end: number }) => {
    const bytes = await objects.read(file, r);
    if (!counting) return bytes;
    if (Buffer.isBuffer(bytes)) return Readable.from(untilCounted(bytes, counting), { objectMode: false });
    const held = new Transform({
      transform: (chunk, _encoding, done) => done(null, chunk),
      flush: (done) => void counting.then(() => done()),
    });
    return pipeline(bytes, held, () => undefined);
  };
  if (range.kind === 'partial') {
    reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`).header('Content-Length', range.end - range.start + 1);
    reply.send(await body(range));
  } else {
    reply.header('Content-Length', file.size);
    reply.send(await body());
  }
}

async function* untilCounted(bytes: Buffer, counting: Promise<unknown>) {
  yield bytes;
  await counting;
}
