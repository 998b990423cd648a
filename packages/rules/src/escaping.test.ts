import { describe, expect, it } from 'vitest';
import { escapeCsvValue, escapeHtml, escapeSpreadsheetCell } from './escaping';

describe('escapeSpreadsheetCell', () => {
  it('wraps a value starting with =, +, - or @ in quotes with a tab prefix', () => {
    expect(escapeSpreadsheetCell('=1+1')).toBe('"\t=1+1"');
    expect(escapeSpreadsheetCell('+86 123')).toBe('"\t+86 123"');
    expect(escapeSpreadsheetCell('-2')).toBe('"\t-2"');
    expect(escapeSpreadsheetCell('@SUM(A1)')).toBe('"\t@SUM(A1)"');
    expect(escapeSpreadsheetCell('=')).toBe('"\t="');
  });

  it('doubles inner double quotes of a wrapped value', () => {
    expect(escapeSpreadsheetCell('=HYPERLINK("http://x","y")')).toBe('"\t=HYPERLINK(""http://x"",""y"")"');
  });

  it('leaves other values unchanged', () => {
    expect(escapeSpreadsheetCell('1+1')).toBe('1+1');
    expect(escapeSpreadsheetCell('a "b"')).toBe('a "b"');
    expect(escapeSpreadsheetCell(' =1')).toBe(' =1');
    expect(escapeSpreadsheetCell('')).toBe('');
  });

  it('returns numbers and booleans as text without prefix, null and undefined as ""', () => {
    expect(escapeSpreadsheetCell(-5)).toBe('-5');
    expect(escapeSpreadsheetCell(3.5)).toBe('3.5');
    expect(escapeSpreadsheetCell(true)).toBe('true');
    expect(escapeSpreadsheetCell(null)).toBe('');
    expect(escapeSpreadsheetCell(undefined)).toBe('');
  });
});

describe('escapeCsvValue', () => {
  it('quotes a value containing =, +, - or @ anywhere', () => {
    expect(escapeCsvValue('=1+1')).toBe('"=1+1"');
    expect(escapeCsvValue('a+b')).toBe('"a+b"');
    expect(escapeCsvValue('2024-01-01')).toBe('"2024-01-01"');
    expect(escapeCsvValue('me@example.com')).toBe('"me@example.com"');
  });

  it('doubles inner double quotes', () => {
    expect(escapeCsvValue('=A1&"x"')).toBe('"=A1&""x"""');
  });

  it('also quotes commas, quotes and line breaks so the CSV stays valid', () => {
    expect(escapeCsvValue('a,b')).toBe('"a,b"');
    expect(escapeCsvValue('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvValue('line1\nline2')).toBe('"line1\nline2"');
    expect(escapeCsvValue('a\rb')).toBe('"a\rb"');
  });

  it('leaves plain values unchanged', () => {
    expect(escapeCsvValue('hello world')).toBe('hello world');
    expect(escapeCsvValue('')).toBe('');
    expect(escapeCsvValue(42)).toBe('42');
  });

  it('treats numbers by their text and null/undefined as ""', () => {
    expect(escapeCsvValue(-5)).toBe('"-5"');
    expect(escapeCsvValue(1e21)).toBe('"1e+21"');
    expect(escapeCsvValue(null)).toBe('');
    expect(escapeCsvValue(undefined)).toBe('');
  });
});

describe('escapeHtml', () => {
  it('escapes & < > space single and double quote', () => {
    expect(escapeHtml(`<a href="x">'Tom' & Jerry</a>`)).toBe(
      '&lt;a&nbsp;href=&quot;x&quot;&gt;&#39;Tom&#39;&nbsp;&amp;&nbsp;Jerry&lt;/a&gt;',
    );
  });

  it('escapes an ampersand exactly once, so entities in the text stay visible', () => {
    expect(escapeHtml('&')).toBe('&amp;');
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('leaves other characters, tabs and line breaks alone', () => {
    expect(escapeHtml('abc\t\n中文😀')).toBe('abc\t\n中文😀');
    expect(escapeHtml('')).toBe('');
  });

  it('accepts numbers and gives "" for null or undefined', () => {
    expect(escapeHtml(1)).toBe('1');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });
});
