import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { PRODUCT_VERSION } from '@biddesk/shared';

/** GET /api/health: the process is up and the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { public: true },
    schema: {
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ok'), version: z.string(), database: z.string() }) },
    },
  }, async (request) => {
    await request.ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, version: PRODUCT_VERSION, database: request.ctx.dbKind };
  });
};
