import { describe, expect, it } from 'vitest';
import { dominantColor, relativeLuminance, textToneOf } from './color';

/** A picture of horizontal bands: [r, g, b, a, rows]. */
function bands(width: number, spec: Array<[number, number, number, number, number]>) {
  const height = spec.reduce((s, b) => s + b[4], 0);
  const px = new Uint8Array(width * height * 4);
  let y = 0;
  for (const [r, g, b, a, rows] of spec) {
    for (let i = y * width; i < (y + rows) * width; i += 1) px.set([r, g, b, a], i * 4);
    y += rows;
  }
  return { px, width, height };
}

describe('dominantColor', () => {
  it('answers a flat colour exactly, with dark or light text to match', () => {
    const { px, width, height } = bands(10, [[0x12, 0x6b, 0xd4, 255, 10]]);
    expect(dominantColor(px, width, height)).toEqual({ color: '#126bd4', share: 1, textTone: 'light' });
    const yellow = bands(4, [[250, 220, 40, 255, 4]]);
    expect(dominantColor(yellow.px, yellow.width, yellow.height)).toMatchObject({ color: '#fadc28', textTone: 'dark' });
  });

  it('prefers a colourful area over a larger white or grey background', () => {
    const { px, width, height } = bands(10, [[255, 255, 255, 255, 7], [200, 30, 40, 255, 3]]);
    expect(dominantColor(px, width, height)).toMatchObject({ color: '#c81e28', share: 0.3 });
  });

  it('falls back to the most common colour when almost nothing is colourful', () => {
    const { px, width, height } = bands(100, [[240, 240, 240, 255, 97], [0, 0, 255, 255, 2], [10, 10, 10, 255, 1]]);
    expect(dominantColor(px, width, height)).toMatchObject({ color: '#f0f0f0', share: 0.97 });
  });

  it('averages the pixels of the winning bucket and ignores transparent ones', () => {
    const { px, width, height } = bands(2, [[16, 128, 32, 255, 1], [18, 130, 34, 255, 1], [255, 0, 0, 0, 5]]);
    expect(dominantColor(px, width, height)).toEqual({ color: '#118121', share: 1, textTone: 'light' });
  });

  it('answers null for nothing to count', () => {
    expect(dominantColor(new Uint8Array(0), 0, 0)).toBeNull();
    const clear = bands(3, [[9, 9, 9, 0, 3]]);
    expect(dominantColor(clear.px, clear.width, clear.height)).toBeNull();
  });

  it('samples very large pictures on a grid and still finds the colour', () => {
    const { px, width, height } = bands(1000, [[30, 160, 90, 255, 600], [250, 250, 250, 255, 400]]);
    expect(dominantColor(px, width, height)).toMatchObject({ color: '#1ea05a', share: 0.6 });
  });
});

describe('text tone', () => {
  it('follows the relative luminance', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(textToneOf('#ffffff')).toBe('dark');
    expect(textToneOf('#333333')).toBe('light');
  });
});
