import { EMOJI_SAMPLE_LIMIT, EMOJI_SAMPLE_THRESHOLD } from './constants';

export interface EmojiReport {
  /** How many surrogate pairs the text holds. */
  count: number;
  /** The first matches, in order and with repeats, to quote back to the user. */
  samples: string[];
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * The emoji filter of the specification: it counts surrogate pairs, i.e. every character
 * outside the Basic Multilingual Plane. So most emoji count (😀, 👍), but not the BMP ones
 * (❤ U+2764, ☺); rare CJK characters outside the BMP (𠀀) count too, which is what the
 * filter is for: storage that only takes BMP text. Lone surrogates are not counted.
 * Samples are given only when more than EMOJI_SAMPLE_THRESHOLD (5) were found, as at most
 * EMOJI_SAMPLE_LIMIT (10) first matches; with 5 or fewer the count alone is reported.
 */
export function detectEmoji(text: string | null | undefined): EmojiReport {
  if (typeof text !== 'string') return { count: 0, samples: [] };
  const matches = text.match(SURROGATE_PAIR) ?? [];
  const samples = matches.length > EMOJI_SAMPLE_THRESHOLD ? matches.slice(0, EMOJI_SAMPLE_LIMIT) : [];
  return { count: matches.length, samples };
}
