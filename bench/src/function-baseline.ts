import http from 'node:http';

// The functions line's baseline: the same trivial handler served by a plain node:http
// server in its own process, with the same event built from the request. Nothing else.
const handler = async (event: { queryStringParameters: Record<string, string> }) => ({ message: `Hello, ${event.queryStringParameters.name ?? 'world'}!` });

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const event = { httpMethod: req.method, path: url.pathname, headers: req.headers, queryStringParameters: Object.fromEntries(url.searchParams), body: Buffer.concat(chunks).toString('utf8') };
    void handler(event).then((result) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(result));
    });
  });
});
server.listen(0, '127.0.0.1', () => {
  const a = server.address() as { port: number };
  console.log(`listening http://127.0.0.1:${a.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
