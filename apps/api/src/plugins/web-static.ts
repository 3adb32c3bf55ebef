import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed build output: its name changes with its content, so a browser may keep it forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files (favicon): always revalidated, so a new build is picked up. */
const REVALIDATE = 'no-cache';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built web app and falls back to index.html for client-side routes; anything under
 * /api that matched no route is a JSON 404.
 *
 * Issue 15: files go out as the brotli or gzip copies the build wrote (preCompressed, by
 * Accept-Encoding); hashed assets are `immutable`, index.html `no-cache`. Page loads (GET or HEAD
 * of an app route) are a route of their own, so they never count against the 404 handler's rate
 * limit, which stays for unknown API paths and other methods (probes).
 */
export async function registerWebStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(distDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
    const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
      if (isApi(request.raw.url ?? '/')) return reply.callNotFound();
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    };
    // Page loads are not API: kept out of the OpenAPI document, as @fastify/static hides its own
    // file routes (schemaHide).
    app.route({ method: ['GET', 'HEAD'], url: '/', schema: { hide: true }, handler: sendApp });
    app.route({ method: ['GET', 'HEAD'], url: '/*', schema: { hide: true }, handler: sendApp });
  }
  app.setNotFoundHandler(
    { preHandler: app.rateLimit ? app.rateLimit({ max: 300, timeWindow: '1 minute' }) : undefined },
    (request, reply) => {
      const url = request.raw.url ?? '/';
      if (isApi(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.code(404).send({ detail: 'Not Found', code: 'NOT_FOUND' });
      }
      return reply.code(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    },
  );
}
