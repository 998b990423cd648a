import { isEmailAddress, TESTING_LIMITS } from '@wharf/rules';

export interface CsvTester {
  line: number;
  email: string;
  name: string | null;
}

export interface CsvResult {
  rows: CsvTester[];
  errors: Array<{ line: number; msg: string }>;
}

/**
 * Splits CSV text into records (RFC 4180: quoted fields may hold commas, quotes and line
 * breaks), each with the line it starts on, so errors can name the line people see.
 * No CSV library is in the lockfile and the grammar is small enough to own.
 */
export function csvRecords(text: string): Array<{ line: number; fields: string[]; unterminated?: boolean }> {
  const out: Array<{ line: number; fields: string[]; unterminated?: boolean }> = [];
  let i = 0;
  let line = 1;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (i < src.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let unterminated = false;
    for (;;) {
      if (src[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= src.length) {
            unterminated = true;
            break;
          }
          const c = src[i]!;
          if (c === '"') {
            if (src[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (c === '\n') line += 1;
          field += c;
          i += 1;
        }
      }
      while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') field += src[i++];
      fields.push(field);
      field = '';
      if (src[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    if (src[i] === '\r') i += 1;
    if (src[i] === '\n') i += 1;
    line += 1;
    out.push({ line: start, fields, ...(unterminated ? { unterminated } : {}) });
  }
  return out;
}

/**
 * Testers from a CSV of `email[,name]` rows, with an optional header row. Bad rows are
 * named by line and left out; blank lines are ignored. Throws past the row limit.
 */
export function parseTesterCsv(text: string): CsvResult {
  const records = csvRecords(text).filter((r) => r.fields.some((f) => f.trim() !== ''));
  const first = records[0];
  if (first && /^e-?mail$/i.test(first.fields[0]!.trim())) records.shift();
  if (records.length > TESTING_LIMITS.testersPerGroup) throw new CsvTooLong(records.length);
  const rows: CsvTester[] = [];
  const errors: CsvResult['errors'] = [];
  const seen = new Map<string, number>();
  for (const r of records) {
    if (r.unterminated) {
      errors.push({ line: r.line, msg: 'a quoted field is not closed' });
      continue;
    }
    if (r.fields.length > 2) {
      errors.push({ line: r.line, msg: `expected email[,name], found ${r.fields.length} fields` });
      continue;
    }
    const email = r.fields[0]!.trim().toLowerCase();
    const name = (r.fields[1] ?? '').trim();
    if (!isEmailAddress(email)) {
      errors.push({ line: r.line, msg: `"${email.slice(0, 80)}" is not an email address` });
      continue;
    }
    if (name.length > 100) {
      errors.push({ line: r.line, msg: 'the name is longer than 100 characters' });
      continue;
    }
    const dup = seen.get(email);
    if (dup !== undefined) {
      errors.push({ line: r.line, msg: `${email} is already on line ${dup}` });
      continue;
    }
    seen.set(email, r.line);
    rows.push({ line: r.line, email, name: name || null });
  }
  return { rows, errors };
}

export class CsvTooLong extends Error {
  constructor(readonly rows: number) {
    super(`${rows} rows`);
  }
}
