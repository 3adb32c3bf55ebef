// First: captures the engine's JSON functions before pdf.js replaces them (lib/native-json.ts).
import { useNativeJson } from './lib/native-json';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Redis } from 'ioredis';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@biddesk/shared';
import type { AppDeps } from './lib/ctx';
import { withMultipartBodies } from './lib/openapi-multipart';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerDrainUnreadBody } from './plugins/drain-body';
import { registerWebStatic } from './plugins/web-static';
import { logOptions } from './lib/log-options';
import { connectRedis, redisLabel } from './lib/redis';
import { schemaRecovery } from './lib/outage';
import { samCaches } from './modules/opportunities/sam-caches';
import { clientErrorHandler, frameworkErrors, registerSecurityHeaders, registerTextGuard } from './plugins/security';
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
import { rfpCorrectionsRoutes } from './modules/rfp/rfp-corrections.routes';
import { rfpRoutes } from './modules/rfp/rfp.routes';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { pipelineGatesRoutes } from './modules/pursuits/pipeline-gates.routes';
import { pursuitsRoutes } from './modules/pursuits/pursuits.routes';
import { samSyncRoutes } from './modules/sam-sync/sam-sync.routes';
import { importUploadRoutes } from './modules/admin/import-upload.routes';
import { awardImportsRoutes } from './modules/awards/award-imports.routes';
import { opportunityAwardsRoutes } from './modules/awards/opportunity-awards.routes';
import { workspaceAwardsLineRoutes } from './modules/awards/workspace-awards-line.routes';
import { partnersRoutes } from './modules/partners/partners.routes';
import { pursuitPartiesRoutes } from './modules/pursuits/pursuit-parties.routes';
import { awardSources } from './modules/awards/award-sources';
import { passwordChangeRoutes } from './modules/auth/password-change.routes';
import { profileRoutes } from './modules/auth/profile.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { radarRoutes } from './modules/radar/radar.routes';

export interface BuildAppOptions {
  /** false for silence (tests); otherwise the server's log rules (lib/log-options), written to `logStream` when given. */
  logger?: false;
  /** Where log lines go instead of stdout (a test reading what would be logged). */
  logStream?: DestinationStream;
  /**
   * A Redis client to keep rate-limit counters and SAM.gov caches in, owned by the caller (tests
   * share one between two apps). Without it the app connects to REDIS_URL itself, when set.
   */
  redis?: Redis;
}

/** TRUST_PROXY as Fastify takes it: a hop count means the first n hops from the socket are proxies. */
function trustProxyOption(value: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Builds the HTTP app from its dependencies; `server.ts` only listens and closes. */
export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  // pdf.js (loaded by now) replaced JSON.stringify with a ~13x slower wrapper: every answer and log line paid it.
  useNativeJson();
  const app = Fastify({
    // No secret reaches a log line: query values, bodies, tokens and database parameters are cut.
    logger: opts.logger === false ? false : { ...logOptions(deps.config.LOG_LEVEL), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default: none), so a
    // client cannot pick its own address and step around the per-address rate limits.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Idle and slow connections are closed: headers must arrive within HEADERS_TIMEOUT_MS, the
    // whole request within REQUEST_TIMEOUT_MS, and an idle keep-alive socket ends after its timeout.
    requestTimeout: deps.config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: deps.config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: deps.config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Redis or the database gone answers 503 with the reason; missing tables are migrated again.
  const recoverSchema = deps.migrate ? schemaRecovery(deps.migrate, app.log) : undefined;
  registerErrorHandler(app, { recoverSchema });
  registerTextGuard(app);
  registerDrainUnreadBody(app);
  await registerSecurityHeaders(app);

  // Counters and caches live in Redis when there is one, so every API process sees the same
  // counts; otherwise in this process's memory (the embedded default, one process).
  const redis = opts.redis ?? (deps.config.REDIS_URL ? await openAppRedis(app, deps.config.REDIS_URL) : null);
  // A Redis failure mid-request fails the request (skipOnError off): no limit is skipped unseen.
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis, nameSpace: 'rate-limit:' } : {}) });
  // One file per request; the size bound applies while streaming, before anything is buffered whole.
  await app.register(fastifyMultipart, { limits: { fileSize: deps.config.UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: PRODUCT_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: withMultipartBodies(jsonSchemaTransform),
  });
  // The docs page sets its own CSP (hashes of its inline script and style), without upgrading to https.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  await app.register(
    async (api) => {
      registerAuth(api, deps, { redis });
      await api.register(healthRoutes({ redis, recoverSchema }));
      await api.register(
        authRoutes({
          rateLimitPerMinute: deps.config.AUTH_RATE_LIMIT_PER_MINUTE,
          accountRateLimitPerMinute: deps.config.LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE,
          accountGlobalRateLimitPerMinute: deps.config.LOGIN_ACCOUNT_GLOBAL_RATE_LIMIT_PER_MINUTE,
        }),
      );
      await api.register(inviteCodesRoutes);
      await api.register(opportunitiesRoutes({ samCaches: samCaches(redis) }));
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
      await api.register(rfpCorrectionsRoutes);
      await api.register(savedSearchesRoutes);
      await api.register(pursuitsRoutes);
      await api.register(pipelineGatesRoutes);
      await api.register(samSyncRoutes);
      await api.register(importUploadRoutes);
      await api.register(awardImportsRoutes);
      await api.register(opportunityAwardsRoutes(awardSources(deps.config, deps.db, redis)));
      await api.register(
        passwordChangeRoutes({
          rateLimitPerMinute: deps.config.AUTH_RATE_LIMIT_PER_MINUTE,
          accountRateLimitPerMinute: deps.config.LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE,
        }),
      );
      await api.register(profileRoutes);
      await api.register(calendarRoutes);
      await api.register(radarRoutes);
      await api.register(partnersRoutes);
      await api.register(pursuitPartiesRoutes);
      await api.register(workspaceAwardsLineRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebStatic(app, deps.config.WEB_DIST_DIR);
  return app;
}

/** The app's own client for REDIS_URL: the start fails if Redis does not answer; closed with the app. */
async function openAppRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = await connectRedis(url, {
    onError: (message) => app.log.warn({ redis: redisLabel(url) }, `Redis connection error: ${message}`),
  });
  app.addHook('onClose', async () => {
    // quit() lets queued commands finish; a client that lost Redis is just dropped.
    await redis.quit().catch(() => redis.disconnect());
  });
  app.log.info({ redis: redisLabel(url) }, 'rate limits and SAM.gov caches in Redis');
  return redis;
}
