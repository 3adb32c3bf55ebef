import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 Tasks. */
export const tasksRoutes: FastifyPluginAsyncZod = async () => {};
