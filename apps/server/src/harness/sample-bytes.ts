import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

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

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/**
 * A PNG that says it is `width`×`height` pixels (its header; the pixel data is the 1×1
 * image's, enough for the size checks of listing images, which read headers only).
 */
export function pngOfSize(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([PNG_1x1.subarray(0, 8), pngChunk('IHDR', ihdr), PNG_1x1.subarray(33)]);
}

/** Listing images that fit their places: a 216×216 icon, a 450×800 screenshot. */
export const ICON_PNG = pngOfSize(216, 216);
export const SCREENSHOT_PNG = pngOfSize(450, 800);

/** A JPEG that says it is `width`×`height` pixels (JFIF marker and a baseline frame header, no scan). */
export function jpegOfSize(width: number, height: number): Buffer {
  const app0 = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
  const sof = Buffer.from('ffc0001108000000000301220002110103110100', 'hex').subarray(0, 19);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([app0, sof, Buffer.from('ffd9', 'hex')]);
}
