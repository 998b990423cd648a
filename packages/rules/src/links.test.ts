import { describe, expect, it } from 'vitest';
import { isOpenableLink } from './links';

describe('isOpenableLink', () => {
  it('accepts http and https links in any case', () => {
    expect(isOpenableLink('http://example.com')).toBe(true);
    expect(isOpenableLink('https://example.com/a?b=c')).toBe(true);
    expect(isOpenableLink('HTTPS://EXAMPLE.COM')).toBe(true);
    expect(isOpenableLink('HtTp://x')).toBe(true);
  });

  it('refuses other schemes and relative links', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x', '//example.com', '/path', 'https:/x', 'https//x', 'httpx://x', ' https://x', '']) {
      expect(isOpenableLink(url)).toBe(false);
    }
  });

  it('refuses non-strings', () => {
    for (const url of [null, undefined, 1, {}, ['https://x'], { toString: () => 'https://x' }]) {
      expect(isOpenableLink(url)).toBe(false);
    }
  });
});
