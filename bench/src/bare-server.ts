import Fastify from 'fastify';

// The baseline: the same framework answering a static route, nothing else. Every
// benchmark is printed as a ratio to this, measured in the same run on the same machine.
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
// The same batches a device sends, received and parsed, nothing else (the analytics line's baseline).
app.post('/batch', async (req) => ({ received: (req.body as { events?: unknown[] } | null)?.events?.length ?? 0 }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
