import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 Messages. */
export const messagesRoutes: FastifyPluginAsyncZod = async () => {};
