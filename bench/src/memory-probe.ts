// Loaded into the bench's server process (node --import): on SIGUSR2 it prints the memory
// after a full collection, so the bench reads live heap rather than garbage not yet swept.
process.on('SIGUSR2', () => {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
  const m = process.memoryUsage();
  process.stderr.write(`wharf-bench-memory ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed })}\n`);
});
