import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatNumber, pluralForm } from './format';

describe('formatFileSize', () => {
  it('shows sizes under 1 MB in KB', () => {
    expect(formatFileSize(0)).toBe('0.00 KB');
    expect(formatFileSize(1)).toBe('0.00 KB');
    expect(formatFileSize(512)).toBe('0.50 KB');
    expect(formatFileSize(1023)).toBe('1.00 KB');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
  });

  it('chooses the unit before rounding, so 1 MB - 1 is still KB', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024.00 KB');
  });

  it('shows sizes from 1 MB to under 1 GB in MB', () => {
    expect(formatFileSize(1024 * 1024)).toBe('1.00 MB');
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5.25 MB');
    expect(formatFileSize(1024 ** 3 - 1)).toBe('1024.00 MB');
  });

  it('shows 1 GB and more in GB', () => {
    expect(formatFileSize(1024 ** 3)).toBe('1.00 GB');
    expect(formatFileSize(2.5 * 1024 ** 3)).toBe('2.50 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3072.00 GB');
  });

  it('accepts decimal strings', () => {
    expect(formatFileSize('1536')).toBe('1.50 KB');
  });

  it('gives "" for negative or non-numeric sizes', () => {
    for (const bad of [-1, -1024, NaN, Infinity, '', 'big', null, undefined]) {
      expect(formatFileSize(bad)).toBe('');
    }
  });
});

describe('formatDate', () => {
  const instant = Date.UTC(2024, 2, 5, 22, 30); // 2024-03-05T22:30Z

  it('uses yyyy-MM-dd for cn and en, dd.MM.yyyy for ru', () => {
    expect(formatDate(instant, 'cn')).toBe('2024-03-05');
    expect(formatDate(instant, 'en')).toBe('2024-03-05');
    expect(formatDate(instant, 'ru')).toBe('05.03.2024');
  });

  it('accepts a Date, an ISO string or ms since the epoch', () => {
    expect(formatDate(new Date(instant), 'ru')).toBe('05.03.2024');
    expect(formatDate('2024-03-05T22:30:00Z', 'en')).toBe('2024-03-05');
    expect(formatDate('2024-12-31', 'ru')).toBe('31.12.2024');
    expect(formatDate(0, 'en')).toBe('1970-01-01');
  });

  it('shows the date in the given time zone, UTC by default', () => {
    expect(formatDate(instant, 'cn', 'Asia/Shanghai')).toBe('2024-03-06');
    expect(formatDate(instant, 'ru', 'Europe/Moscow')).toBe('06.03.2024');
    expect(formatDate(instant, 'en', 'America/New_York')).toBe('2024-03-05');
    expect(formatDate('2024-01-01T02:00:00+03:00', 'en')).toBe('2023-12-31');
  });

  it('falls back to UTC for an unknown or missing time zone', () => {
    expect(formatDate(instant, 'en', 'Mars/Olympus')).toBe('2024-03-05');
    expect(formatDate(instant, 'ru', 'Mars/Olympus')).toBe('05.03.2024');
    expect(formatDate(instant, 'en', null)).toBe('2024-03-05');
    expect(formatDate(instant, 'en', '')).toBe('2024-03-05');
  });

  it('gives the same answer on repeated calls (formatters are reused)', () => {
    const zones = ['Asia/Shanghai', 'UTC', 'Asia/Shanghai'];
    expect(zones.map((zone) => formatDate(instant, 'cn', zone))).toEqual(['2024-03-06', '2024-03-05', '2024-03-06']);
  });

  it('pads early years to four digits', () => {
    expect(formatDate('0099-06-01T00:00:00Z', 'en')).toBe('0099-06-01');
  });

  it('uses the others format for unknown languages', () => {
    expect(formatDate(instant, 'de')).toBe('2024-03-05');
    expect(formatDate(instant, undefined)).toBe('2024-03-05');
  });

  it('gives "" for invalid dates', () => {
    for (const bad of ['', '  ', 'not a date', '2024-13-45', NaN, Infinity, new Date('x'), null, undefined]) {
      expect(formatDate(bad, 'en')).toBe('');
    }
  });
});

describe('pluralForm', () => {
  const en = { one: 'file', other: 'files' };
  const ru = { one: 'файл', few: 'файла', many: 'файлов', other: 'файла' };

  it('follows the English rules', () => {
    expect(pluralForm('en', 1, en)).toBe('file');
    expect(pluralForm('en', 0, en)).toBe('files');
    expect(pluralForm('en', 2, en)).toBe('files');
    expect(pluralForm('en', 21, en)).toBe('files');
  });

  it('follows the Russian rules', () => {
    expect(pluralForm('ru', 1, ru)).toBe('файл');
    expect(pluralForm('ru', 21, ru)).toBe('файл');
    expect(pluralForm('ru', 2, ru)).toBe('файла');
    expect(pluralForm('ru', 4, ru)).toBe('файла');
    expect(pluralForm('ru', 22, ru)).toBe('файла');
    expect(pluralForm('ru', 5, ru)).toBe('файлов');
    expect(pluralForm('ru', 11, ru)).toBe('файлов');
    expect(pluralForm('ru', 12, ru)).toBe('файлов');
    expect(pluralForm('ru', 0, ru)).toBe('файлов');
    expect(pluralForm('ru', 1.5, { ...ru, other: 'файла (дробь)' })).toBe('файла (дробь)');
  });

  it('uses the Chinese rules for cn, not English (one form only)', () => {
    expect(pluralForm('cn', 1, { one: 'ONE', other: '个文件' })).toBe('个文件');
  });

  it('falls back to other when a category is missing', () => {
    expect(pluralForm('ru', 5, { one: 'файл', other: 'файлы' })).toBe('файлы');
    expect(pluralForm('en', 1, { other: 'items' })).toBe('items');
  });

  it('gives other for counts that are not finite numbers, and for unknown languages uses English', () => {
    expect(pluralForm('en', NaN, en)).toBe('files');
    expect(pluralForm('en', Infinity, en)).toBe('files');
    expect(pluralForm('ru', '1' as unknown as number, ru)).toBe('файла');
    expect(pluralForm('xx', 1, en)).toBe('file');
  });
});

describe('formatNumber', () => {
  it('formats in the style of the display language', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'cn')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'ru')).toBe('1\u00a0234\u00a0567,5');
    expect(formatNumber(-3, 'en')).toBe('-3');
    expect(formatNumber('1000', 'en')).toBe('1,000');
  });

  it('gives "" for what is not a finite number', () => {
    for (const bad of [NaN, Infinity, '', 'x', null, undefined]) expect(formatNumber(bad, 'en')).toBe('');
  });
});
