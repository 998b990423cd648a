import { describe, expect, it } from 'vitest';
import type { AxiosResponse } from 'axios';
import { fileNameOf, readFileAnswer } from './file-response';

const answer = (data: unknown, headers: Record<string, string>) => ({ data, headers, status: 200 }) as unknown as AxiosResponse<unknown>;

describe('answers asked for as files', () => {
  it('names the file from Content-Disposition, the UTF-8 form first', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%202026.csv`)).toBe('Отчёт 2026.csv');
    expect(fileNameOf('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameOf(undefined)).toBeNull();
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4`)).toBeNull();
  });

  it('gives the file, or reads a JSON envelope back out of the blob for the request layer', async () => {
    const file = await readFileAnswer(answer(new Blob(['a,b\r\n']), { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="x.csv"' }));
    expect(file?.fileName).toBe('x.csv');
    expect(await file?.blob.text()).toBe('a,b\r\n');
    const refused = answer(new Blob(['{"ret":{"code":100409,"msg":"not yet"}}']), { 'content-type': 'application/json; charset=utf-8' });
    expect(await readFileAnswer(refused)).toBeNull();
    expect(refused.data).toEqual({ ret: { code: 100409, msg: 'not yet' } });
  });
});
