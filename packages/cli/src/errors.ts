/** Exit codes a CI script can branch on. */
export const EXIT = {
  ok: 0,
  /** The server refused the call (a non-zero `ret.code`): bad input, a state conflict, no permission. */
  refused: 1,
  /** The command line is wrong: an unknown command or option, a missing value. */
  usage: 2,
  /** The server could not be reached or answered something that is not the Connect API. */
  unreachable: 3,
  /** The build itself failed: not a package, a parse failure, a rejection in review. */
  build: 4,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    /** The server's `ret.code`, when it was the server that refused. */
    readonly retCode: number | null = null,
  ) {
    super(message);
  }
}
