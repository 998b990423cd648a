// The embedded database's own thread (see pglite-thread.ts): PGlite runs here, so its
// WebAssembly never holds the server's event loop. The server's connections speak
// PostgreSQL's wire protocol to it over messages; PGlite answers each protocol message.
// Plain JavaScript: a worker thread gets no TypeScript loader under every runner.
import { Blob, Buffer } from 'node:buffer';
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;

let db;
try {
  // The compiled engine and its file bundle, when the opener has them (see pglite-thread.ts).
  const { wasmModule, fsBundle } = workerData;
  db = await PGlite.create(workerData.dir, { ...(wasmModule ? { wasmModule } : {}), ...(fsBundle ? { fsBundle: new Blob([fsBundle]) } : {}) });
} catch (err) {
  parentPort.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

/** Bytes received per connection, until they make whole messages. */
const pending = new Map();
/** Whole messages to run, in order of arrival: { conn, message }. */
const queue = [];
/** The connection whose transaction is open: only its messages run until it ends. */
let owner = null;
let running = false;

function frame(conn, bytes) {
  let buf = pending.has(conn) ? Buffer.concat([pending.get(conn), bytes]) : Buffer.from(bytes);
  for (;;) {
    if (buf.length >= 8 && buf.readInt32BE(0) === 8 && buf.readInt32BE(4) === SSL_REQUEST) {
      parentPort.postMessage({ type: 'data', conn, bytes: Buffer.from('N') });
      buf = buf.subarray(8);
      continue;
    }
    let length = 0;
    if (buf.length >= 8 && buf.readInt32BE(4) === PROTOCOL_3) length = buf.readInt32BE(0);
    else if (buf.length >= 5) length = 1 + buf.readInt32BE(1);
    if (!length || buf.length < length) break;
    queue.push({ conn, message: new Uint8Array(buf.subarray(0, length)) });
    buf = buf.subarray(length);
  }
  pending.set(conn, buf);
}

async function run() {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const i = owner !== null && db.isInTransaction() ? queue.findIndex((q) => q.conn === owner) : queue.length ? 0 : -1;
      if (i < 0) break;
      const { conn, message } = queue.splice(i, 1)[0];
      const chunks = [];
      try {
        // The data is a view of PGlite's memory: copied before the next query reuses it.
        await db.execProtocolRawStream(message, { onRawData: (data) => chunks.push(data.slice()) });
      } catch (err) {
        // PostgreSQL's own errors are answers; this is PGlite failing: that connection ends.
        parentPort.postMessage({ type: 'error', conn, message: err instanceof Error ? err.message : String(err) });
        continue;
      }
      owner = conn;
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      if (bytes.length) parentPort.postMessage({ type: 'data', conn, bytes }, [bytes.buffer]);
    }
  } finally {
    running = false;
  }
}

async function disconnect(conn) {
  pending.delete(conn);
  for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i].conn === conn) queue.splice(i, 1);
  // A connection gone in the middle of its transaction leaves nothing half done.
  if (owner === conn && db.isInTransaction()) await db.exec('ROLLBACK');
  if (owner === conn) owner = null;
}

parentPort.on('message', (m) => {
  if (m.type === 'data') {
    frame(m.conn, m.bytes);
    void run();
  } else if (m.type === 'close') {
    disconnect(m.conn)
      .then(() => run())
      .catch(() => undefined);
  } else if (m.type === 'stop') {
    db.close().then(
      () => parentPort.postMessage({ type: 'stopped' }),
      (err) => parentPort.postMessage({ type: 'stopped', message: String(err?.message ?? err) }),
    );
  }
});

parentPort.postMessage({ type: 'ready' });
