import {
  AdminResetPasswordBodySchema,
  AdminResetPasswordQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  CreateUserBodySchema,
  DeleteUserResponseSchema,
  ErrorBodySchema,
  GuestChangeBodySchema,
  MessageResponseSchema,
  RoleChangeQuerySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import { parseOrBadRequest } from '../../lib/errors';
import * as service from './admin-users.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const withNotFound = { ...errors, 404: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });

/** SPEC §7 Admin: user list, role change, delete, create without a code, password reset. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/users', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], response: { 200: AdminUserListSchema, ...errors } },
  }, async (request) => service.listUsers(request.ctx as AuthedCtx));

  app.put('/admin/users/:id/role', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], params: IdParams, querystring: RoleChangeQuerySchema, response: { 200: AdminUserSchema, ...withNotFound } },
  }, async (request) => service.changeRole(request.ctx as AuthedCtx, request.params.id, request.query.role));

  app.put('/admin/users/:id/guest', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], params: IdParams, body: GuestChangeBodySchema, response: { 200: AdminUserSchema, ...withNotFound } },
  }, async (request) => service.changeGuest(request.ctx as AuthedCtx, request.params.id, request.body.is_guest));

  app.delete('/admin/users/:id', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], params: IdParams, response: { 200: DeleteUserResponseSchema, ...withNotFound, 409: ErrorBodySchema } },
  }, async (request) => service.deleteUser(request.ctx as AuthedCtx, request.params.id));

  app.post('/admin/create-user', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], body: CreateUserBodySchema, response: { 200: AdminUserSchema, ...errors, 409: ErrorBodySchema } },
  }, async (request) => service.createUser(request.ctx as AuthedCtx, request.body));

  // SPEC sends the new password in the query; a JSON body `{new_password}` is also accepted so a
  // deployment can keep it out of proxy and access logs.
  app.post('/admin/users/:id/reset-password', {
    config: { role: 'admin' },
    schema: {
      tags: ['admin'],
      params: IdParams,
      querystring: AdminResetPasswordBodySchema,
      body: AdminResetPasswordBodySchema.nullish(),
      response: { 200: MessageResponseSchema, ...withNotFound },
    },
  }, async (request) => {
    const { new_password } = parseOrBadRequest(AdminResetPasswordQuerySchema, { ...request.query, ...request.body });
    return service.resetUserPassword(request.ctx as AuthedCtx, request.params.id, new_password);
  });
};
