import { describe, expect, it } from 'vitest';
import { chooseDestination, hostAllowed, linkPrefixProblem, linkSuffixProblem, linkTargetProblem, readLongLink, withUtm, type LinkTargets } from './app-links';

const link = (over: Partial<LinkTargets> = {}): LinkTargets => ({
  deepLink: 'https://example.com/item/7',
  androidAppId: null,
  androidMinVersion: null,
  androidFallbackUrl: null,
  harmonyAppId: null,
  harmonyFallbackUrl: null,
  iosBundleId: null,
  iosAppStoreId: null,
  iosFallbackUrl: null,
  desktopUrl: null,
  social: { title: null, description: null, imageUrl: null },
  utm: {},
  ...over,
});

describe('app link words', () => {
  it('takes suffixes of letters, digits, _ and -, 4 to 64 long, and refuses reserved words in any case', () => {
    expect(linkSuffixProblem('spring-sale_2')).toBeNull();
    expect(linkSuffixProblem('abc')).toBe('length');
    expect(linkSuffixProblem('a'.repeat(65))).toBe('length');
    expect(linkSuffixProblem('spring sale')).toBe('format');
    expect(linkSuffixProblem('sale/../x')).toBe('format');
    expect(linkSuffixProblem('LOGIN')).toBe('reserved');
    expect(linkSuffixProblem('Abuse')).toBe('reserved');
  });

  it('takes prefixes of lower-case letters, digits and single hyphens', () => {
    expect(linkPrefixProblem('my-game')).toBeNull();
    expect(linkPrefixProblem('My-game')).toBe('format');
    expect(linkPrefixProblem('my--game')).toBe('format');
    expect(linkPrefixProblem('-game')).toBe('format');
    expect(linkPrefixProblem('ab')).toBe('length');
    expect(linkPrefixProblem('admin')).toBe('reserved');
  });
});

describe('link targets', () => {
  it('refuses script, data, scheme-less and protocol-relative addresses, credentials and spaces', () => {
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>', '//evil.example/x', 'evil.example/x', 'ftp://example.com/']) expect(linkTargetProblem(bad, [])).toBe('scheme');
    expect(linkTargetProblem('https://user:pw@example.com/', [])).toBe('credentials');
    expect(linkTargetProblem('https://example.com/a b', [])).toBe('format');
    expect(linkTargetProblem('https://example.com\\@evil.example/', [])).toBe('format');
    expect(linkTargetProblem('https://example.com/' + 'a'.repeat(2100), [])).toBe('format');
  });

  it('keeps to the allow-list when the project has one: exact hosts, or any under *.domain', () => {
    const allow = ['example.com', '*.shop.example'];
    expect(linkTargetProblem('https://example.com/x', allow)).toBeNull();
    expect(linkTargetProblem('https://EXAMPLE.com./x', allow)).toBeNull();
    expect(linkTargetProblem('https://a.shop.example/x', allow)).toBeNull();
    expect(linkTargetProblem('https://shop.example/x', allow)).toBe('host');
    expect(linkTargetProblem('https://example.com.evil.example/x', allow)).toBe('host');
    expect(linkTargetProblem('https://evilshop.example/x', allow)).toBe('host');
    expect(hostAllowed('anything.example', [])).toBe(true);
  });
});

describe('long links', () => {
  it('reads Firebase-style names, drops unknown ones and a version that is not a number', () => {
    expect(readLongLink({ apn: 'x' })).toBeNull();
    const long = readLongLink({ link: 'https://example.com/p', apn: 'com.example.game', amv: '12', ofl: 'https://example.com/pc', st: 'Title', utm_campaign: 'spring', other: 'x' });
    expect(long).toEqual({ link: 'https://example.com/p', apn: 'com.example.game', amv: 12, ofl: 'https://example.com/pc', st: 'Title', utm: { campaign: 'spring' } });
    expect(readLongLink({ link: 'https://example.com/p', amv: '1e3' })?.amv).toBeUndefined();
  });

  it('adds UTM parameters the address does not name itself', () => {
    expect(withUtm('https://example.com/p?utm_source=own', { source: 'link', campaign: 'spring' })).toBe('https://example.com/p?utm_source=own&utm_campaign=spring');
  });
});

describe('where a click goes', () => {
  it('sends a phone without the app to its store page, else its fallback, else the deep link', () => {
    const full = link({ androidAppId: 'a1', harmonyAppId: 'h1', iosAppStoreId: '123', desktopUrl: 'https://example.com/pc', utm: { campaign: 'c' } });
    expect(chooseDestination(full, 'android')).toEqual({ kind: 'store', appId: 'a1' });
    expect(chooseDestination(full, 'harmony')).toEqual({ kind: 'store', appId: 'h1' });
    expect(chooseDestination(full, 'ios')).toEqual({ kind: 'url', url: 'https://apps.apple.com/app/id123' });
    expect(chooseDestination(full, 'desktop')).toEqual({ kind: 'url', url: 'https://example.com/pc?utm_campaign=c' });
    expect(chooseDestination(full, 'crawler')).toEqual({ kind: 'preview' });
    expect(chooseDestination(link({ androidFallbackUrl: 'https://example.com/a' }), 'android')).toEqual({ kind: 'url', url: 'https://example.com/a' });
    expect(chooseDestination(link({ androidAppId: 'a1' }), 'harmony')).toEqual({ kind: 'store', appId: 'a1' });
    expect(chooseDestination(link({ iosAppStoreId: '1', iosFallbackUrl: 'https://example.com/i' }), 'ios')).toEqual({ kind: 'url', url: 'https://example.com/i' });
    expect(chooseDestination(link(), 'desktop')).toEqual({ kind: 'url', url: 'https://example.com/item/7' });
  });
});
