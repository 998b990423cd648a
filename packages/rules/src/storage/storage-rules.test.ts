import { describe, expect, it } from 'vitest';
import { bucketNameProblem, isActiveContentType, objectNameProblem, prefixProblem } from './names';
import { compileStorageRules, DEFAULT_STORAGE_RULES, matchPath, parseMatch, testStorageRules, type StorageRule } from './security-rules';

const ada = { uid: 'ada', anonymous: false };
const bob = { uid: 'bob', anonymous: false };
const photo = { size: 1000, contentType: 'image/png' };

const segments = (p: string) => {
  const parsed = parseMatch(p);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.segments;
};

describe('storage rule patterns', () => {
  it('binds names to segments and the rest', () => {
    expect(matchPath(segments('/users/{uid}/{rest=**}'), 'users/ada/a/b.png')).toEqual({ uid: 'ada', rest: 'a/b.png' });
    expect(matchPath(segments('/users/{uid}/{rest=**}'), 'users/ada')).toEqual({ uid: 'ada', rest: '' });
    expect(matchPath(segments('/users/{uid}/avatar.png'), 'users/ada/avatar.png')).toEqual({ uid: 'ada' });
    expect(matchPath(segments('/users/{uid}/avatar.png'), 'users/ada/other.png')).toBeNull();
    expect(matchPath(segments('/public/{file}'), 'public/a/b')).toBeNull();
  });

  it('fits a folder when one of its children would fit', () => {
    expect(matchPath(segments('/public/{file}'), 'public/', true)).toEqual({ file: null });
    expect(matchPath(segments('/users/{uid}/{rest=**}'), 'users/ada/', true)).toEqual({ uid: 'ada', rest: null });
    expect(matchPath(segments('/users/{uid}/{rest=**}'), 'users/ada/x/', true)).toEqual({ uid: 'ada', rest: 'x' });
    expect(matchPath(segments('/users/{uid}/avatar.png'), 'users/ada/', true)).toBeNull();
    expect(matchPath(segments('/{all=**}'), '', true)).toEqual({ all: null });
  });

  it('refuses patterns that are not', () => {
    for (const bad of ['users/{uid}', '/a//b', '/{auth}', '/{x}/{x}', '/{rest=**}/a', '/a/../b', '/a*b']) expect(parseMatch(bad).ok, bad).toBe(false);
  });
});

describe('storage rules', () => {
  it('lets each user write only their own folder (the default rules)', () => {
    const { results } = testStorageRules(DEFAULT_STORAGE_RULES, [
      { operation: 'write', path: 'users/ada/p.png', auth: ada, request: photo, expect: true },
      { operation: 'write', path: 'users/ada/p.png', auth: bob, request: photo, expect: false },
      { operation: 'write', path: 'users/ada/p.png', auth: null, request: photo, expect: false },
      { operation: 'read', path: 'users/ada/p.png', auth: ada, resource: photo, expect: true },
      { operation: 'list', path: 'users/ada/', auth: ada, expect: true },
      { operation: 'list', path: 'users/', auth: ada, expect: false },
      { operation: 'read', path: 'elsewhere.png', auth: ada, resource: photo, expect: false },
    ]);
    expect(results.map((r) => r.passed)).toEqual([true, true, true, true, true, true, true]);
    expect(results[0]!.rule).toBe(0);
  });

  it('reads sizes, types, groups, owners and metadata', () => {
    const rules: StorageRule[] = [
      { match: '/images/{file}', write: "auth != null && request.size <= 5000 && request.contentGroup == 'image' && request.metadata.kind in ['avatar', 'cover']" },
      { match: '/docs/{file=**}', read: 'resource.owner == auth.uid || resource.metadata.public == "yes"', delete: 'resource.owner == auth.uid' },
    ];
    const { results, problem } = testStorageRules(rules, [
      { operation: 'write', path: 'images/a.png', auth: ada, request: { ...photo, metadata: { kind: 'avatar' } }, expect: true },
      { operation: 'write', path: 'images/a.png', auth: ada, request: { ...photo, size: 6000, metadata: { kind: 'avatar' } }, expect: false },
      { operation: 'write', path: 'images/a.pdf', auth: ada, request: { size: 10, contentType: 'application/pdf', metadata: { kind: 'avatar' } }, expect: false },
      { operation: 'write', path: 'images/a.png', auth: ada, request: photo, expect: false },
      { operation: 'read', path: 'docs/x/y.txt', auth: bob, resource: { ...photo, owner: 'ada' }, expect: false },
      { operation: 'read', path: 'docs/x/y.txt', auth: bob, resource: { ...photo, owner: 'ada', metadata: { public: 'yes' } }, expect: true },
      { operation: 'delete', path: 'docs/y.txt', auth: ada, resource: { ...photo, owner: 'ada' }, expect: true },
    ]);
    expect(problem).toBeNull();
    expect(results.map((r) => r.passed)).toEqual([true, true, true, true, true, true, true]);
  });

  it('grants when any fitting rule does', () => {
    const rules: StorageRule[] = [{ match: '/{all=**}', read: 'false' }, { match: '/pub/{f}', read: 'true' }];
    expect(testStorageRules(rules, [{ operation: 'read', path: 'pub/a', auth: null }]).results[0]).toMatchObject({ allowed: true, rule: 1 });
  });

  it('says what is wrong with a rule, and where', () => {
    expect(compileStorageRules([{ match: '/a/{f}', read: 'request.size < 3' }])).toMatchObject({ ok: false, problem: { code: 'requestOutsideWrite', index: 0, operation: 'read' } });
    expect(compileStorageRules([{ match: '/a/{f}' }, { match: '/b/{f}', list: 'resource.size > 1' }])).toMatchObject({ ok: false, problem: { code: 'resourceInList', index: 1 } });
    expect(compileStorageRules([{ match: '/a/{f}', write: 'uid == auth.uid' }])).toMatchObject({ ok: false, problem: { code: 'unknownName', detail: 'uid' } });
    expect(compileStorageRules([{ match: '/a/{f}', write: 'request.size * 2 < 3' }])).toMatchObject({ ok: false, problem: { code: 'syntax' } });
    expect(compileStorageRules([{ match: 'a/{f}' }])).toMatchObject({ ok: false, problem: { code: 'badMatch' } });
  });
});

describe('storage names', () => {
  it('takes bucket names S3 and Cloud Storage take', () => {
    expect(bucketNameProblem('my-app-photos')).toBeNull();
    for (const bad of ['ab', 'My-bucket', '-start', 'end-', 'a--b', 'a_b', 'x'.repeat(64)]) expect(bucketNameProblem(bad), bad).not.toBeNull();
  });

  it('refuses object names with empty, dot or control segments', () => {
    expect(objectNameProblem('users/ada/photo 1.jpg')).toBeNull();
    expect(objectNameProblem('фото/снимок.jpg')).toBeNull();
    for (const bad of ['', '/a', 'a//b', 'a/../b', '../x', 'a/./b', 'a/', 'a\u0000b', 'x'.repeat(1025)]) expect(objectNameProblem(bad), bad).not.toBeNull();
    expect(prefixProblem('')).toBeNull();
    expect(prefixProblem('a/b/')).toBeNull();
    expect(prefixProblem('a/b')).not.toBeNull();
    expect(prefixProblem('../')).not.toBeNull();
  });

  it('serves active types as attachments', () => {
    for (const t of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/javascript', 'application/xml', 'TEXT/HTML; charset=utf-8']) expect(isActiveContentType(t), t).toBe(true);
    for (const t of ['image/png', 'video/mp4', 'application/pdf', 'text/plain']) expect(isActiveContentType(t), t).toBe(false);
  });
});
