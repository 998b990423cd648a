import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { dominantColor, type DominantColor } from '@wharf/rules';

/** Pictures larger than this are refused rather than decoded (memory grows with pixels). */
export const COLOR_MAX_PIXELS = 40_000_000;
const JPEG_MAX_MEMORY_MB = 512;

export class UnreadableImageError extends Error {}

const isPng = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a;
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Decodes a PNG or JPEG (by its bytes, not its declared type) and finds its dominant colour. */
export function colorOfImage(bytes: Buffer): DominantColor & { width: number; height: number } {
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    if (isPng(bytes)) {
      // The header holds the size: refuse a huge picture before inflating it.
      const width = bytes.readUInt32BE(16);
      const height = bytes.readUInt32BE(20);
      if (width * height > COLOR_MAX_PIXELS) throw new UnreadableImageError('too many pixels');
      decoded = PNG.sync.read(bytes);
    } else if (isJpeg(bytes)) {
      decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: COLOR_MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: JPEG_MAX_MEMORY_MB });
    } else {
      throw new UnreadableImageError('not a PNG or JPEG');
    }
  } catch (err) {
    throw err instanceof UnreadableImageError ? err : new UnreadableImageError(String(err));
  }
  const found = dominantColor(decoded.data, decoded.width, decoded.height);
  if (!found) throw new UnreadableImageError('no opaque pixel');
  return { ...found, width: decoded.width, height: decoded.height };
}
