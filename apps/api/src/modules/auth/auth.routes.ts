import {
  AuthResponseSchema,
  ErrorBodySchema,
  ForgotPasswordQuerySchema,
  LoginBodySchema,
  MessageResponseSchema,
  RegisterBodySchema,
  ResetPasswordQuerySchema,
  UserSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import * as authService from './auth.service';

/** SPEC §7 Auth. */
export const authRoutes = (opts: { rateLimitPerMinute: number }): FastifyPluginAsyncZod => async (app) => {
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

  app.post('/auth/register', {
    config: { public: true },
    schema: { tags: ['auth'], body: RegisterBodySchema, response: { 200: AuthResponseSchema, ...errors } },
  }, async (request) => authService.register(request.ctx, request.body));

  app.post('/auth/login', {
    config: { public: true, rateLimit },
    schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: AuthResponseSchema, ...errors } },
  }, async (request) => authService.login(request.ctx, request.body));

  app.get('/auth/refresh-user', {
    schema: { tags: ['auth'], response: { 200: UserSchema, 401: ErrorBodySchema } },
  }, async (request) => authService.refreshUser(request.ctx as AuthedCtx));

  app.post('/auth/forgot-password', {
    config: { public: true, rateLimit },
    schema: { tags: ['auth'], querystring: ForgotPasswordQuerySchema, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => authService.forgotPassword(request.ctx, request.query.email));

  app.post('/auth/reset-password', {
    config: { public: true, rateLimit },
    schema: { tags: ['auth'], querystring: ResetPasswordQuerySchema, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => authService.resetPassword(request.ctx, request.query.token, request.query.new_password));
};
