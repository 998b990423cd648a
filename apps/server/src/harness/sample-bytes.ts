import { randomBytes } from 'node:crypto';

// Uploads are judged by their first bytes (files/leading-bytes.ts): tests that upload an
// image, a video or a package send bytes that begin as one, with as many more as they need.

/** A real 1x1 PNG. */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The start of an MP4 (an `ftyp` box of brand mp42). */
const MP4_HEAD = Buffer.from('0000001866747970' + '6d703432' + '00000000' + '6d703432' + '69736f6d', 'hex');
/** A zip's local file header signature. */
const ZIP_HEAD = Buffer.from('504b0304', 'hex');

const padded = (head: Buffer, size: number) => (size <= head.length ? head : Buffer.concat([head, randomBytes(size - head.length)]));

/** Bytes of about `size` that begin as a PNG image, an MP4 video or a zip (an app package). */
export function sampleBytes(kind: 'png' | 'mp4' | 'zip', size = 256): Buffer {
  return padded(kind === 'png' ? PNG_1x1 : kind === 'mp4' ? MP4_HEAD : ZIP_HEAD, size);
}
