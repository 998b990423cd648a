import fs from 'node:fs/promises';

export interface DataDirLock {
  /** The process whose lock was found stale and taken over, if any. */
  recoveredFrom: number | null;
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dir} is in use by process ${pid}. Stop that process first; for several instances use PostgreSQL (DATABASE_URL).`);
  }
}

/**
 * The embedded store would not open: after a hard kill (kill -9, power loss) PGlite's files
 * can be left in a state it cannot read back. Said plainly, with the way out.
 */
export class EmbeddedDatabaseUnreadableError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    super(
      `The embedded database in ${dir} could not be opened (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'This happens when the server was killed hard (kill -9, power loss) while writing. ' +
        'Restore the latest backup: npm run restore -- <backup file> --force (the damaged data is replaced; copy DATA_DIR aside first to keep it).',
      { cause },
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process at a time may open an embedded database: two PGlite instances on one
 * directory corrupt it. The lock is a file beside the directory holding the owner's pid;
 * a lock left by a process that died (kill -9, power loss) is taken over and reported.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = `${dir}.lock`;
  let recoveredFrom: number | null = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return {
        recoveredFrom,
        async release() {
          const owner = await fs.readFile(file, 'utf8').catch(() => '');
          if (owner.trim() === String(process.pid)) await fs.rm(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirInUseError(dir, pid);
      recoveredFrom = Number.isInteger(pid) && pid > 0 ? pid : null;
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}: its lock file keeps reappearing`);
}
