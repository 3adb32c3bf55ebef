import { AuthResponseSchema, ChangePasswordBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../lib/errors';
import { standardErrors } from '../../lib/route-schemas';
import { changePassword } from './password-change.service';

/**
 * Settings → Profile's password change; limited like the other password calls (it checks a
 * password): per address, and per account (issue 21 item 24), so a stolen session used from many
 * addresses gets no more guesses at the current password than one address.
 */
export const passwordChangeRoutes =
  (opts: { rateLimitPerMinute: number; accountRateLimitPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const accountLimit = app.createRateLimit({
      max: opts.accountRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `change-password-account:${request.authedCtx.actor.id}`,
    });
    app.post(
      '/auth/change-password',
      {
        config: { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } },
        preHandler: async (request) => {
          const limit = await accountLimit(request);
          if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests('Too many attempts. Please try again later.');
        },
        schema: {
          tags: ['auth'],
          body: ChangePasswordBodySchema,
          response: { 200: AuthResponseSchema, ...standardErrors(400, 401, 409, 429) },
        },
      },
      async (request) => changePassword(request.authedCtx, request.body),
    );
  };
