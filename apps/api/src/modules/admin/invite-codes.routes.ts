import { InviteCodeListSchema, InviteCodeSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { createInviteCode, listInviteCodes } from './invite-codes.service';

const errors = standardErrors(401, 403);

/** SPEC §7 Admin: invite codes. */
export const inviteCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/invite-codes',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: InviteCodeSchema, ...errors } },
    },
    async (request) => createInviteCode(request.authedCtx),
  );

  app.get(
    '/admin/invite-codes',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: InviteCodeListSchema, ...errors } },
    },
    async (request) => listInviteCodes(request.authedCtx),
  );
};
