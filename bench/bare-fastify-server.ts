import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The yardstick for bench/load.ts: bare Fastify (no logger, no hooks, no plugins) answering every
 * GET with the same ready bytes the API sent for its listing page (same size, same encoding), so
 * the difference between the two figures is the API's per-request cost, not the network or the
 * client. Started by load.ts as `node --import tsx bench/bare-fastify-server.ts <port> <body file>
 * <content-encoding>`; prints "listening" when it serves.
 */
const [port, bodyFile, encoding] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const app = Fastify({ logger: false });
app.get('/api/opportunities', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding && encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
