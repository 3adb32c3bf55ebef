import { AuthResponseSchema, ChangePasswordBodySchema, ErrorBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { changePassword } from './password-change.service';

/** Settings → Profile's password change; limited like the other password calls (it checks a password). */
export const passwordChangeRoutes = (opts: { rateLimitPerMinute: number }): FastifyPluginAsyncZod => async (app) => {
  app.post('/auth/change-password', {
    config: { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      body: ChangePasswordBodySchema,
      response: { 200: AuthResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
    },
  }, async (request) => changePassword(request.ctx as AuthedCtx, request.body));
};
