import { describe, expect, it } from 'vitest';
import { apiReferencePath, isEntryPath, reportingRegionOfPath, siteOfPath, siteRootOf } from './sites';

describe('siteOfPath', () => {
  it('selects the site from /en/ and /ru/, else the Chinese site', () => {
    expect(siteOfPath('/en/')).toBe('en');
    expect(siteOfPath('/en/console/app')).toBe('en');
    expect(siteOfPath('/ru/')).toBe('ru');
    expect(siteOfPath('/ru/console/index.html')).toBe('ru');
    expect(siteOfPath('/')).toBe('cn');
    expect(siteOfPath('/console/app')).toBe('cn');
  });

  it('recognises AppGallery-style paths, which contain /en/ or /ru/', () => {
    expect(siteOfPath('/consumer/en/service/josp/agc/index.html')).toBe('en');
    expect(siteOfPath('/consumer/ru/service/josp/agc/index.html')).toBe('ru');
    expect(siteOfPath('/consumer/cn/service/josp/agc/index.html')).toBe('cn');
  });

  it('needs the closing slash', () => {
    expect(siteOfPath('/en')).toBe('cn');
    expect(siteOfPath('/english/')).toBe('cn');
    expect(siteOfPath('/EN/')).toBe('cn');
    expect(siteOfPath('/token/')).toBe('cn');
  });

  it('prefers English when a path holds both', () => {
    expect(siteOfPath('/ru/en/')).toBe('en');
  });

  it('gives the Chinese site for missing or non-string input', () => {
    expect(siteOfPath('')).toBe('cn');
    expect(siteOfPath(undefined)).toBe('cn');
    expect(siteOfPath(null)).toBe('cn');
    expect(siteOfPath(42 as unknown as string)).toBe('cn');
  });
});

describe('reportingRegionOfPath', () => {
  it('selects Europe and Russia from the AppGallery paths', () => {
    expect(reportingRegionOfPath('/consumer/en/service/josp/agc/index.html')).toBe('europe');
    expect(reportingRegionOfPath('https://host/consumer/ru/service/josp/agc/')).toBe('russia');
  });

  it('selects none for other paths and bad input', () => {
    expect(reportingRegionOfPath('/en/')).toBeNull();
    expect(reportingRegionOfPath('/consumer/cn/service/josp/agc/')).toBeNull();
    expect(reportingRegionOfPath('consumer/en/service/josp')).toBeNull();
    expect(reportingRegionOfPath('')).toBeNull();
    expect(reportingRegionOfPath(undefined)).toBeNull();
    expect(reportingRegionOfPath(null)).toBeNull();
  });
});

describe('entry paths', () => {
  it('are the site variants, the AppGallery-style addresses and the embedded entries', () => {
    for (const p of ['/', '/en/', '/ru/', '/consumer/ru/service/josp/agc/index.html', '/hap/', '/cis/']) expect(isEntryPath(p), p).toBe(true);
    for (const p of ['/en/nope', '/nope', '/ru/docs/x', '/en', '/consumer/de/service/josp/agc/index.html']) expect(isEntryPath(p), p).toBe(false);
  });

  it('lead back to the root of the address’s site', () => {
    expect(siteRootOf('/en/nope')).toBe('/en/');
    expect(siteRootOf('/ru')).toBe('/ru/');
    expect(siteRootOf('/nope/deeper')).toBe('/');
    expect(apiReferencePath('/ru/')).toBe('/ru/docs');
    expect(apiReferencePath('/')).toBe('/docs');
  });
});
