import { ErrorBodySchema, InviteCodeListSchema, InviteCodeSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { createInviteCode, listInviteCodes } from './invite-codes.service';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** SPEC §7 Admin: invite codes. */
export const inviteCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin/invite-codes', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], response: { 200: InviteCodeSchema, ...errors } },
  }, async (request) => createInviteCode(request.ctx as AuthedCtx));

  app.get('/admin/invite-codes', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], response: { 200: InviteCodeListSchema, ...errors } },
  }, async (request) => listInviteCodes(request.ctx as AuthedCtx));
};
