import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 Workspace documents. */
export const workspaceDocumentsRoutes: FastifyPluginAsyncZod = async () => {};
