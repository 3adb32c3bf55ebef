import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@biddesk/shared';
import type { AppDeps } from './lib/ctx';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerWebStatic } from './plugins/web-static';
import { logSafeUrl } from './lib/log-safe-url';
import { authRoutes } from './modules/auth/auth.routes';
import { inviteCodesRoutes } from './modules/admin/invite-codes.routes';
import { healthRoutes } from './modules/health/health.routes';
import { opportunitiesRoutes } from './modules/opportunities/opportunities.routes';
import { opportunityDataRoutes } from './modules/admin/opportunity-data.routes';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { adminStatsRoutes } from './modules/admin/admin-stats.routes';
import { adminNotificationsRoutes } from './modules/admin/admin-notifications.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { invitesRoutes } from './modules/invites/invites.routes';
import { ndaRoutes } from './modules/nda/nda.routes';
import { workspaceDocumentsRoutes } from './modules/workspace-documents/workspace-documents.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { rfpRoutes } from './modules/rfp/rfp.routes';

export interface BuildAppOptions {
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | object;
}

/** Builds the HTTP app from its dependencies; `server.ts` only listens and closes. */
export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: deps.config.LOG_LEVEL,
      // Request lines never carry tokens or passwords (invite links, reset queries).
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: logSafeUrl(req.url), remoteAddress: req.ip }),
      },
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyRateLimit, { global: false });
  // One file per request; the size bound applies while streaming, before anything is buffered whole.
  await app.register(fastifyMultipart, { limits: { fileSize: deps.config.UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: PRODUCT_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      registerAuth(api, deps);
      await api.register(healthRoutes);
      await api.register(authRoutes({ rateLimitPerMinute: deps.config.AUTH_RATE_LIMIT_PER_MINUTE }));
      await api.register(inviteCodesRoutes);
      await api.register(opportunitiesRoutes);
      await api.register(opportunityDataRoutes);
      await api.register(adminUsersRoutes);
      await api.register(adminStatsRoutes);
      await api.register(adminNotificationsRoutes);
      await api.register(notificationsRoutes);
      await api.register(documentsRoutes);
      await api.register(workspacesRoutes);
      await api.register(invitesRoutes({ rateLimitPerMinute: deps.config.AUTH_RATE_LIMIT_PER_MINUTE }));
      await api.register(ndaRoutes);
      await api.register(workspaceDocumentsRoutes);
      await api.register(tasksRoutes);
      await api.register(messagesRoutes);
      await api.register(rfpRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebStatic(app, deps.config.WEB_DIST_DIR);
  return app;
}
