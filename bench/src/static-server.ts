import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

// Cloud Storage's baseline: @fastify/static serving the same files from a directory, with
// its ETag, Range and streaming and nothing else (no credentials, rules or accounting).
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: process.env.STATIC_ROOT! });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
