/** Where the CLI writes: results to `out`, what happens meanwhile to `err`. */
export interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
}

const MIB = 1024 * 1024;

/**
 * An upload's progress on stderr: a bar redrawn in place on a terminal, a line every 10 %
 * in a CI log (which keeps every line).
 */
export function progressBar(io: Io, total: number, label: string): (sent: number) => void {
  let lastTenth = -1;
  return (sent) => {
    const ratio = total ? sent / total : 1;
    const text = `${label} ${(sent / MIB).toFixed(1)} / ${(total / MIB).toFixed(1)} MiB (${Math.floor(ratio * 100)} %)`;
    if (io.err.isTTY) {
      const width = 30;
      const filled = Math.round(ratio * width);
      io.err.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}${sent >= total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(ratio * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      io.err.write(`${text}\n`);
    }
  };
}
