import { Readable } from 'node:stream';
import { escapeCsvValue } from '@wharf/rules';

type Cell = string | number | boolean | null | undefined;

/**
 * RFC 4180 CSV with a byte-order mark (without it Excel reads UTF-8 Chinese and Russian as
 * mojibake), every field escaped by the specification's CSV rule, written as the rows come.
 */
export function csvStream(head: readonly Cell[], rows: Iterable<readonly Cell[]> | AsyncIterable<readonly Cell[]>): Readable {
  const line = (cells: readonly Cell[]) => `${cells.map((c) => escapeCsvValue(c)).join(',')}\r\n`;
  return Readable.from(
    (async function* lines() {
      yield `\uFEFF${line(head)}`;
      for await (const row of rows) yield line(row);
    })(),
  );
}
