import {
  AdminResetPasswordBodySchema,
  AdminResetPasswordQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  CreateUserBodySchema,
  DeleteUserResponseSchema,
  GuestChangeBodySchema,
  MessageResponseSchema,
  RoleChangeQuerySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseOrBadRequest } from '../../lib/errors';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as service from './admin-users.service';

const errors = standardErrors(400, 401, 403);
const withNotFound = { ...errors, ...standardErrors(404) };

/** SPEC §7 Admin: user list, role change, delete, create without a code, password reset. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: AdminUserListSchema, ...errors } },
    },
    async (request) => service.listUsers(request.authedCtx),
  );

  app.put(
    '/admin/users/:id/role',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParamsSchema,
        querystring: RoleChangeQuerySchema,
        response: { 200: AdminUserSchema, ...withNotFound },
      },
    },
    async (request) => service.changeRole(request.authedCtx, request.params.id, request.query.role),
  );

  app.put(
    '/admin/users/:id/guest',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], params: IdParamsSchema, body: GuestChangeBodySchema, response: { 200: AdminUserSchema, ...withNotFound } },
    },
    async (request) => service.changeGuest(request.authedCtx, request.params.id, request.body.is_guest),
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParamsSchema,
        response: { 200: DeleteUserResponseSchema, ...withNotFound, ...standardErrors(409) },
      },
    },
    async (request) => service.deleteUser(request.authedCtx, request.params.id),
  );

  app.post(
    '/admin/create-user',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], body: CreateUserBodySchema, response: { 200: AdminUserSchema, ...errors, ...standardErrors(409) } },
    },
    async (request) => service.createUser(request.authedCtx, request.body),
  );

  // SPEC sends the new password in the query; a JSON body `{new_password}` is also accepted so a
  // deployment can keep it out of proxy and access logs.
  app.post(
    '/admin/users/:id/reset-password',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParamsSchema,
        querystring: AdminResetPasswordBodySchema,
        body: AdminResetPasswordBodySchema.nullish(),
        response: { 200: MessageResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { new_password } = parseOrBadRequest(AdminResetPasswordQuerySchema, { ...request.query, ...request.body });
      return service.resetUserPassword(request.authedCtx, request.params.id, new_password);
    },
  );
};
