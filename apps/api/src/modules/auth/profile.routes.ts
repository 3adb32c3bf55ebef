import { UpdateProfileBodySchema, UserSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { updateProfile } from './profile.service';

/** Settings → Profile: a signed-in user renames themself. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/auth/profile',
    {
      schema: { tags: ['auth'], body: UpdateProfileBodySchema, response: { 200: UserSchema, ...standardErrors(400, 401) } },
    },
    async (request) => updateProfile(request.authedCtx, request.body),
  );
};
