import { writeSync } from 'node:fs';

/**
 * Named moments where a crash would hurt most. A test starts the real server with
 * WHARF_FAULT_POINT=<name>; when the process reaches that point it kills itself with
 * SIGKILL (no handlers, no flushing, as a power cut or the OOM killer would), and the test
 * restarts it and checks that the database and the stored files still agree.
 * Disarmed (always, in production), a fault point is one string comparison.
 */
export const FAULT_POINTS = [
  /** Multipart compose: the joined file is in storage, its row not yet ready. */
  'files.compose.afterWrite',
  /** Multipart compose: the file row is ready, the parts not yet dropped, no answer sent. */
  'files.compose.afterCommit',
  /** Package parse: the job was picked up by a worker, nothing done yet. */
  'packages.parse.started',
  /** Package parse: the icon is stored, the package row not yet updated. */
  'packages.parse.afterIcon',
  /** A version's state change: new state, history and audit written, transaction not committed. */
  'versions.transition.beforeCommit',
  /** A version submitted: committed, the answer not yet sent. */
  'versions.submit.afterCommit',
  /** A scheduled release (a due action) has put the version on shelf; the action not marked done, nothing committed. */
  'versions.release.beforeCommit',
] as const;

export type FaultPointName = (typeof FAULT_POINTS)[number];

let armed: FaultPointName | null = null;

/** Only the process entry point arms a point, from its configuration: in-process test apps never do. */
export function armFaultPoint(name: FaultPointName | null): void {
  armed = name;
}

export function faultPoint(name: FaultPointName): void {
  if (armed !== name) return;
  // Synchronous, so the line is out before the process is.
  writeSync(2, `fault point ${name} reached: killing the process (SIGKILL)\n`);
  process.kill(process.pid, 'SIGKILL');
  // Nothing after the point may run, even for the instant before the signal lands.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
