import { describe, expect, it } from 'vitest';
import { findForbiddenText } from './text-guard';

describe('the text guard', () => {
  it('finds NUL, C0 controls and broken surrogates, with their path', () => {
    expect(findForbiddenText({ a: [{ b: 'x\u0000' }] })).toEqual({ path: ['a', 0, 'b'], character: 'U+0000' });
    expect(findForbiddenText(['ok', 'bell\u0007'])).toEqual({ path: [1], character: 'U+0007' });
    expect(findForbiddenText({ s: 'end\ud83d' })).toEqual({ path: ['s'], character: 'U+D83D' });
    expect(findForbiddenText({ s: '\ude00start' })).toEqual({ path: ['s'], character: 'U+DE00' });
    expect(findForbiddenText({ 'k\u0001': 1 })).toEqual({ path: ['k\u0001'], character: 'U+0001' });
  });

  it('lets text through: tabs, newlines, emoji, DEL, numbers', () => {
    expect(findForbiddenText({ a: 'tab\tline\r\nnext 😀 \u007f', n: 1, b: true, z: null, list: ['ä', '中文'] })).toBeNull();
  });

  it('walks inputs nested thousands deep without overflowing', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(5000)}"\\u0000"${'}'.repeat(5000)}`) as unknown;
    expect(findForbiddenText(deep)?.path).toHaveLength(5000);
  });
});
