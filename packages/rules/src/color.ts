/**
 * The dominant colour of a picture, as the store's immersive banner uses it (the colour
 * the banner's background and text are set against). Our rule: pixels are quantised to
 * 4 bits per channel; among the buckets of "colourful" pixels (saturation of at least
 * 0.2, lightness between 0.1 and 0.9) the most populous wins when colourful pixels make
 * up at least 5% of the picture; otherwise (a greyscale or nearly white picture) the most
 * populous bucket overall. The answer is the mean of the winning bucket's pixels, so a
 * flat colour comes back exactly. Transparent pixels (alpha below 128) do not count.
 */

export interface DominantColor {
  /** '#rrggbb'. */
  color: string;
  /** Share of the counted pixels in the winning bucket, 0–1, two decimals. */
  share: number;
  /** Which text reads on this colour: dark text on light colours, light text on dark ones. */
  textTone: 'light' | 'dark';
}

/** At most this many pixels are looked at; larger pictures are sampled on a regular grid. */
export const COLOR_SAMPLE_LIMIT = 250_000;
const COLOURFUL_MIN_SHARE = 0.05;

export const HEX_COLOR = /^#[0-9a-f]{6}$/;

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function saturationLightness(r: number, g: number, b: number): { s: number; l: number } {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  return { s, l };
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark text on colours lighter than the point where both tones contrast equally. */
export const textToneOf = (color: string): 'light' | 'dark' => (relativeLuminance(color) > 0.179 ? 'dark' : 'light');

/**
 * `rgba` holds width*height pixels of 4 bytes. Answers null when no pixel counts (an
 * empty or fully transparent picture).
 */
export function dominantColor(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): DominantColor | null {
  const total = width * height;
  if (total <= 0 || rgba.length < total * 4) return null;
  const step = Math.max(1, Math.floor(Math.sqrt(total / COLOR_SAMPLE_LIMIT)));
  const count = new Uint32Array(4096);
  const sums = new Float64Array(4096 * 3);
  const colourful = new Uint8Array(4096);
  let counted = 0;
  let colourfulCount = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 4;
      if (rgba[i + 3]! < 128) continue;
      const r = rgba[i]!;
      const g = rgba[i + 1]!;
      const b = rgba[i + 2]!;
      const bucket = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      count[bucket]! += 1;
      sums[bucket * 3]! += r;
      sums[bucket * 3 + 1]! += g;
      sums[bucket * 3 + 2]! += b;
      counted += 1;
      if (colourful[bucket] === 0) {
        // Whether a bucket is colourful is judged once, at its centre, so all its pixels agree.
        const { s, l } = saturationLightness((r & 0xf0) + 8, (g & 0xf0) + 8, (b & 0xf0) + 8);
        colourful[bucket] = s >= 0.2 && l >= 0.1 && l <= 0.9 ? 1 : 2;
      }
      if (colourful[bucket] === 1) colourfulCount += 1;
    }
  }
  if (counted === 0) return null;
  const useColourful = colourfulCount / counted >= COLOURFUL_MIN_SHARE;
  let best = -1;
  for (let k = 0; k < 4096; k += 1) {
    if (count[k] === 0 || (useColourful && colourful[k] !== 1)) continue;
    if (best < 0 || count[k]! > count[best]!) best = k;
  }
  const n = count[best]!;
  const color = hex(sums[best * 3]! / n, sums[best * 3 + 1]! / n, sums[best * 3 + 2]! / n);
  return { color, share: Math.round((n / counted) * 100) / 100, textTone: textToneOf(color) };
}
