// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, readJsonCookie, removeCookie } from './cookies';

afterEach(() => {
  for (const name of ['a', 'info', 'plain', 'broken']) removeCookie(name);
});

describe('cookies', () => {
  it('reads a cookie by its exact name and URI-decodes it', () => {
    const text = 'x-a=1; a=%7B%22k%22%3A1%7D; ab=2';
    expect(readCookie('a', text)).toBe('{"k":1}');
    expect(readCookie('ab', text)).toBe('2');
    expect(readCookie('b', text)).toBeNull();
    expect(readCookie('a', '')).toBeNull();
  });

  it('keeps a value that does not decode, and strips quotes', () => {
    expect(readCookie('a', 'a=100%')).toBe('100%');
    expect(readCookie('a', 'a="quoted"')).toBe('quoted');
    expect(readCookie('a', 'a')).toBe('');
  });

  it('parses JSON cookies; malformed JSON gives the raw text, a missing cookie the empty string', () => {
    expect(readJsonCookie('a', `a=${encodeURIComponent('{"siteid":7,"csrftoken":"t"}')}`)).toEqual({ siteid: 7, csrftoken: 't' });
    expect(readJsonCookie('a', 'a=%7Bnot json')).toBe('{not json');
    expect(readJsonCookie('a', 'a=plain')).toBe('plain');
    expect(readJsonCookie('a', 'b=1')).toBe('');
    expect(readJsonCookie('a', 'a=')).toBe('');
  });

  it("reads the page's cookies and removes one", () => {
    document.cookie = `info=${encodeURIComponent('{"x":1}')}; path=/`;
    expect(readJsonCookie('info')).toEqual({ x: 1 });
    removeCookie('info');
    expect(readCookie('info')).toBeNull();
  });
});
