import { ErrorBodySchema, UpdateProfileBodySchema, UserSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { updateProfile } from './profile.service';

/** Settings → Profile: a signed-in user renames themself. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch('/auth/profile', {
    schema: { tags: ['auth'], body: UpdateProfileBodySchema, response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema } },
  }, async (request) => updateProfile(request.ctx as AuthedCtx, request.body));
};
