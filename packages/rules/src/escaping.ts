// Protection against formula injection: a spreadsheet program runs a cell that starts
// with =, +, - or @ as a formula.

const FORMULA_START = /^[=+\-@]/;
const CSV_NEEDS_QUOTES = /[=+\-@",\r\n]/;

type CellValue = string | number | boolean | null | undefined;

const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`;

function textOf(value: CellValue): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Spreadsheet cell text: a string starting with =, +, - or @ becomes a quoted text with a
 * tab in front, its inner double quotes doubled: `=1+1` -> `"\t=1+1"` (the characters
 * quote, tab, =, 1, +, 1, quote). The tab keeps the program from reading a formula. Other
 * strings are returned unchanged. Numbers and booleans are returned as their text without
 * a prefix: a number cannot carry a formula, and the tab would turn -5 into text.
 * null and undefined give ''.
 */
export function escapeSpreadsheetCell(value: CellValue): string {
  if (typeof value !== 'string') return textOf(value);
  return FORMULA_START.test(value) ? quoted('\t' + value) : value;
}

/**
 * One CSV field: quoted (inner double quotes doubled) when it contains =, +, - or @
 * anywhere, and also when it contains a comma, a double quote or a line break, without
 * which the CSV would not parse. Otherwise unchanged. Numbers and booleans follow the same
 * rule on their text (-5 -> `"-5"`, harmless for a CSV reader); null/undefined give ''.
 */
export function escapeCsvValue(value: CellValue): string {
  const text = textOf(value);
  return CSV_NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  ' ': '&nbsp;',
  "'": '&#39;',
  '"': '&quot;',
};

/**
 * Text for HTML: & < > space ' " become &amp; &lt; &gt; &nbsp; &#39; &quot;. One pass over
 * the input, so an ampersand is escaped exactly once (the effect of escaping & first) and
 * entities already in the text are shown literally. null/undefined give ''.
 */
export function escapeHtml(text: string | number | null | undefined): string {
  if (text === null || text === undefined) return '';
  return String(text).replace(/[&<> '"]/g, (char) => HTML_ENTITIES[char] ?? char);
}
