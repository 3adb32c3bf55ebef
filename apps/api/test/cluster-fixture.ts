import { createServer } from 'node:http';
import { servesRequests, superviseWorkers } from '../src/cluster';

// Run by cluster.test.ts: the server entry's cluster logic around a tiny HTTP server answering with
// its process id. FAIL_BEFORE_LISTEN=1 makes every worker die before it listens (a bad config).
const processes = Number(process.env.API_PROCESSES ?? 2);
if (!servesRequests(processes)) {
  await superviseWorkers({ processes, restartDelayMs: 100, shutdownTimeoutMs: 5000 });
} else if (process.env.FAIL_BEFORE_LISTEN === '1') {
  process.exit(3);
} else {
  const server = createServer((_req, res) => res.end(String(process.pid)));
  server.keepAliveTimeout = 1;
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
