import { describe, expect, it } from 'vitest';
import { checkAppName, checkPackageName } from './app-checks';

describe('checkPackageName', () => {
  it('accepts ordinary reverse-domain names', () => {
    expect(checkPackageName('com.dhruv.tipsy')).toBeNull();
    expect(checkPackageName('com.samples.arktscalc')).toBeNull();
    expect(checkPackageName('org.my_org.app2')).toBeNull();
  });

  it('refuses the wrong shape', () => {
    for (const bad of ['', 'com.app', 'a.b.c', '1com.app.x', 'com..app.x', 'com.app.x.', 'com.app-x.y', 'com.app.x y', 'x'.repeat(129), null, undefined]) {
      expect(checkPackageName(bad as string), String(bad)).toBe('format');
    }
    expect(checkPackageName('abc.d.e')).toBeNull();
  });

  it('refuses platform namespaces and Java keywords', () => {
    expect(checkPackageName('com.android.shop')).toBe('reserved');
    expect(checkPackageName('com.example.myapp')).toBe('reserved');
    expect(checkPackageName('Com.Huawei.thing')).toBe('reserved');
    expect(checkPackageName('com.class.app')).toBe('reserved');
  });

  it('takes 7 and 128 characters at the boundaries', () => {
    expect(checkPackageName('a.bc.de')).toBeNull();
    expect(checkPackageName(`a.b.${'c'.repeat(124)}`)).toBeNull();
    expect(checkPackageName(`a.b.${'c'.repeat(125)}`)).toBe('format');
  });
});

describe('checkAppName', () => {
  it('accepts names up to 64 characters in any script', () => {
    expect(checkAppName('Tipsy')).toBeNull();
    expect(checkAppName('计算器')).toBeNull();
    expect(checkAppName('Калькулятор')).toBeNull();
    expect(checkAppName('x'.repeat(64))).toBeNull();
  });

  it('refuses empty, too long and control characters', () => {
    expect(checkAppName('')).toBe('format');
    expect(checkAppName('   ')).toBe('format');
    expect(checkAppName('x'.repeat(65))).toBe('format');
    expect(checkAppName('a\u0007b')).toBe('format');
    expect(checkAppName(undefined)).toBe('format');
  });

  it('refuses names that pass off as the store', () => {
    expect(checkAppName('AppGallery Helper')).toBe('reserved');
    expect(checkAppName('My HUAWEI tool')).toBe('reserved');
  });
});
