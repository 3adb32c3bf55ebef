import {
  AuthResponseSchema,
  ForgotPasswordQuerySchema,
  LoginBodySchema,
  MessageResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordInputSchema,
  ResetPasswordQuerySchema,
  UserSchema,
  type LoginBody,
} from '@biddesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseOrBadRequest, tooManyRequests } from '../../lib/errors';
import { standardErrors } from '../../lib/route-schemas';
import * as authService from './auth.service';

export interface AuthRouteOptions {
  /** Attempts per client address per minute (login, register, forgot, reset). */
  rateLimitPerMinute: number;
  /** Login attempts per account (email) from one client address per minute. */
  accountRateLimitPerMinute: number;
  /** Login attempts per account per minute from all addresses together (a looser ceiling). */
  accountGlobalRateLimitPerMinute: number;
}

const RATE_LIMITED = 'Too many attempts. Please try again later.';

/** SPEC §7 Auth. */
export const authRoutes =
  (opts: AuthRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
    const errors = standardErrors(400, 401, 429);

    // Login counters beyond the per-address one, in the same rate-limit store (shared across
    // processes with Redis). Per (account, address): a stranger's wrong guesses lock out only their
    // own address for that account, never the owner signing in from theirs (issue 21 item 20). Per
    // account from everywhere: a looser ceiling against guesses spread over many addresses, above
    // what one address may send, so it takes several addresses to reach it. The email is the
    // validated, lower-cased one; the address is the one TRUST_PROXY lets us believe.
    const accountAddressLimit = app.createRateLimit({
      max: opts.accountRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `login-account-address:${(request.body as LoginBody).email}|${request.ip}`,
    });
    const accountLimit = app.createRateLimit({
      max: opts.accountGlobalRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `login-account:${(request.body as LoginBody).email}`,
    });

    // Work done after the answer has gone out (forgot-password), so its cost never shows in the
    // response time; the app waits for it before closing.
    const deferred = new WeakMap<FastifyRequest, () => Promise<void>>();
    const pending = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...pending]);
    });
    const runDeferred = async (request: FastifyRequest) => {
      const work = deferred.get(request);
      if (!work) return;
      // On the next turn of the event loop: the embedded database runs on this thread, and the
      // answer's bytes must be on the wire before it starts.
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    };

    app.post(
      '/auth/register',
      {
        config: { public: true, rateLimit },
        schema: { tags: ['auth'], body: RegisterBodySchema, response: { 200: AuthResponseSchema, ...errors } },
      },
      async (request) => authService.register(request.ctx, request.body),
    );

    app.post(
      '/auth/login',
      {
        config: { public: true, rateLimit },
        schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: AuthResponseSchema, ...errors } },
        preHandler: async (request) => {
          // One after the other: an attempt refused for its address does not count towards the account's ceiling.
          for (const check of [accountAddressLimit, accountLimit]) {
            const limit = await check(request);
            if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(RATE_LIMITED);
          }
        },
      },
      async (request) => authService.login(request.ctx, request.body),
    );

    app.get(
      '/auth/refresh-user',
      {
        schema: { tags: ['auth'], response: { 200: UserSchema, ...standardErrors(401) } },
      },
      async (request) => authService.refreshUser(request.authedCtx),
    );

    app.post(
      '/auth/forgot-password',
      {
        config: { public: true, rateLimit },
        schema: { tags: ['auth'], querystring: ForgotPasswordQuerySchema, response: { 200: MessageResponseSchema, ...errors } },
        onResponse: runDeferred,
      },
      async (request) => authService.forgotPassword(request.ctx, request.query.email, (work) => deferred.set(request, work)),
    );

    // SPEC sends the token and the new password in the query; a JSON body with the same fields is
    // also accepted so a deployment can keep them out of proxy and access logs.
    app.post(
      '/auth/reset-password',
      {
        config: { public: true, rateLimit },
        schema: {
          tags: ['auth'],
          querystring: ResetPasswordQuerySchema.partial(),
          body: ResetPasswordBodySchema.nullish(),
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const input = parseOrBadRequest(ResetPasswordInputSchema, { ...request.query, ...request.body });
        return authService.resetPassword(request.ctx, input.token, input.new_password);
      },
    );
  };
