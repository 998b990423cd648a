import { describe, expect, it } from 'vitest';
import { safeFileName } from '../file-name';

describe('download file names', () => {
  it('keeps letters of every script and replaces what file systems refuse', () => {
    expect(safeFileName('Отчёт: 2026/12 "итоги"', 'report')).toBe('Отчёт_ 2026_12 _итоги_');
    expect(safeFileName('小费\u0007计算器', 'app')).toBe('小费_计算器');
    expect(safeFileName('   ', 'answers')).toBe('answers');
  });
});
