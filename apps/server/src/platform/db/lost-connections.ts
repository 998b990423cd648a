import type pg from 'pg';

/**
 * A pool whose connections may be lost at any time (PostgreSQL restarted, a backend
 * terminated, a database dropped) without taking the process with them. node-postgres
 * emits a lost connection's `error` on the client, and the pool listens only while the
 * client is idle: a checked-out client with no listener crashes the process (an unhandled
 * `error` event) even though the query running on it already failed with the same error.
 * Every client gets a listener when the pool makes it; the failed query reports the loss,
 * and the pool drops the client when it is released.
 */
export function survivingLostConnections<P extends pg.Pool>(pool: P): P {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}
