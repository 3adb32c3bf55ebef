import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 RFP. */
export const rfpRoutes: FastifyPluginAsyncZod = async () => {};
