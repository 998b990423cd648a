import { loadModule, parseSync } from 'libpg-query';
import { AppError } from '../../platform/http/errors';

export interface Statement {
  text: string;
  /** The parse tree's kind: SelectStmt, InsertStmt, CopyStmt, … */
  kind: string;
  /** That kind's node of the tree. */
  node: Record<string, unknown>;
  /** Where it starts in the script (characters). */
  at: number;
}

export class ScriptSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number | null,
  ) {
    super(message);
  }
}

let loaded: Promise<void> | null = null;
/** The parser is WebAssembly, loaded once per process. */
export const parserReady = (): Promise<void> => (loaded ??= loadModule());

/**
 * A script cut into its statements by PostgreSQL's own parser (libpg-query): strings,
 * dollar quotes and comments never split a statement, and a syntax error is found before
 * anything runs.
 */
export async function statementsOf(sql: string): Promise<Statement[]> {
  await parserReady();
  let tree: { stmts?: Array<{ stmt: Record<string, unknown>; stmt_location?: number; stmt_len?: number }> };
  try {
    tree = parseSync(sql) as typeof tree;
  } catch (err) {
    const e = err as { message?: string; sqlDetails?: { cursorPosition?: number } };
    throw new ScriptSyntaxError(e.message ?? String(err), e.sqlDetails?.cursorPosition ?? null);
  }
  // libpg-query counts bytes; the script is cut by characters.
  const bytes = Buffer.from(sql, 'utf8');
  return (tree.stmts ?? []).flatMap((s) => {
    const start = s.stmt_location ?? 0;
    const end = s.stmt_len ? start + s.stmt_len : bytes.length;
    const text = bytes.subarray(start, end).toString('utf8').trim();
    const kind = Object.keys(s.stmt)[0] ?? 'Unknown';
    const node = (s.stmt[kind] ?? {}) as Record<string, unknown>;
    return text ? [{ text, kind, node, at: bytes.subarray(0, start).toString('utf8').length }] : [];
  });
}

const NO_CLIENT_COPY = { zh: 'SQL 控制台不支持与客户端之间的 COPY（STDIN/STDOUT）；请使用 INSERT 或导出 CSV', en: 'COPY to or from the client (STDIN/STDOUT) is not available in the SQL console; use INSERT, or export as CSV', ru: 'COPY с клиентом (STDIN/STDOUT) в SQL-консоли недоступен; используйте INSERT или экспорт в CSV' };

/** A statement the console cannot carry: COPY with the client would wait for data that never comes. */
export function refuseUnsupported(s: Statement): void {
  // A file or a program names `filename`; the server's privileges judge those.
  if (s.kind === 'CopyStmt' && s.node.filename === undefined) throw new AppError('invalidInput', NO_CLIENT_COPY);
}
