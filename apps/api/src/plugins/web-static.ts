import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app and falls back to index.html for client-side routes; anything under
 * /api that matched no route is a JSON 404.
 */
export async function registerWebStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit ? app.rateLimit({ max: 300, timeWindow: '1 minute' }) : undefined }, (request, reply) => {
    const url = request.raw.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ detail: 'Not Found', code: 'NOT_FOUND' });
    }
    if (!hasWeb) {
      return reply.code(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
