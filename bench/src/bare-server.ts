import Fastify from 'fastify';

// The baseline: the same framework answering a static route, nothing else. Every
// benchmark is printed as a ratio to this, measured in the same run on the same machine.
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
