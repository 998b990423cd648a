import { describe, expect, it } from 'vitest';
import { detectEmoji } from './emoji';

describe('detectEmoji', () => {
  it('finds nothing in plain text', () => {
    expect(detectEmoji('hello, 世界 ❤')).toEqual({ count: 0, samples: [] });
    expect(detectEmoji('')).toEqual({ count: 0, samples: [] });
  });

  it('counts surrogate pairs but gives no samples for 5 or fewer', () => {
    expect(detectEmoji('a😀b')).toEqual({ count: 1, samples: [] });
    expect(detectEmoji('😀😁😂🤣😃')).toEqual({ count: 5, samples: [] });
  });

  it('gives the first matches as samples when more than 5 were found', () => {
    expect(detectEmoji('😀1😁2😂3🤣4😃5😄')).toEqual({ count: 6, samples: ['😀', '😁', '😂', '🤣', '😃', '😄'] });
  });

  it('gives at most 10 samples, in order and with repeats', () => {
    const text = '👍'.repeat(3) + '🎉'.repeat(9);
    const report = detectEmoji(text);
    expect(report.count).toBe(12);
    expect(report.samples).toEqual(['👍', '👍', '👍', '🎉', '🎉', '🎉', '🎉', '🎉', '🎉', '🎉']);
  });

  it('counts any character outside the BMP, as a surrogate pair', () => {
    expect(detectEmoji('𠀀').count).toBe(1);
  });

  it('counts each pair of a composed emoji', () => {
    // A family emoji is three astral characters joined by zero-width joiners.
    expect(detectEmoji('👨‍👩‍👧').count).toBe(3);
  });

  it('ignores lone surrogates', () => {
    expect(detectEmoji('\uD83D x \uDE00').count).toBe(0);
  });

  it('treats missing input as empty', () => {
    expect(detectEmoji(null)).toEqual({ count: 0, samples: [] });
    expect(detectEmoji(undefined)).toEqual({ count: 0, samples: [] });
    expect(detectEmoji(12 as unknown as string)).toEqual({ count: 0, samples: [] });
  });
});
