import {
  AcceptInviteResponseSchema,
  InviteBodySchema,
  InviteDetailsSchema,
  JoinRegisterBodySchema,
  JoinRegisterResponseSchema,
  MessageResponseSchema,
  PendingInviteListSchema,
  SentInviteSchema,
  WorkspaceInviteListSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as invites from './invites.service';
import * as join from './join.service';

const errors = standardErrors(400, 401, 403, 404, 409);
const TokenParams = z.object({ token: z.string() });
const tags = ['invites'];

/**
 * SPEC §7 Invites and the workspace invite calls. Acceptance by token is POST /join/{token}/accept
 * (signed in); POST /join/{token}/register creates an account from the invite (public).
 */
export const invitesRoutes =
  (opts: { rateLimitPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/workspaces/:id/invite',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: InviteBodySchema,
          response: { 201: SentInviteSchema, ...errors, ...standardErrors(502) },
        },
      },
      async (request, reply) => reply.code(201).send(await invites.sendInvite(request.authedCtx, request.params.id, request.body)),
    );

    app.get(
      '/workspaces/:id/invites',
      {
        schema: { tags, params: IdParamsSchema, response: { 200: WorkspaceInviteListSchema, ...errors } },
      },
      async (request) => invites.listInvites(request.authedCtx, request.params.id),
    );

    app.get(
      '/invites/pending',
      {
        schema: { tags, response: { 200: PendingInviteListSchema, ...errors } },
      },
      async (request) => invites.listPendingInvites(request.authedCtx),
    );

    app.post(
      '/invites/:id/accept',
      {
        schema: { tags, params: IdParamsSchema, response: { 200: AcceptInviteResponseSchema, ...errors } },
      },
      async (request) => invites.acceptInvite(request.authedCtx, request.params.id),
    );

    app.post(
      '/invites/:id/decline',
      {
        schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
      },
      async (request) => invites.declineInvite(request.authedCtx, request.params.id),
    );

    app.delete(
      '/invites/:id',
      {
        schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
      },
      async (request) => invites.deleteInvite(request.authedCtx, request.params.id),
    );

    app.get(
      '/join/:token',
      {
        config: { public: true, rateLimit: { max: opts.rateLimitPerMinute * 6, timeWindow: '1 minute' } },
        schema: { tags, security: [], params: TokenParams, response: { 200: InviteDetailsSchema, ...standardErrors(404, 429) } },
      },
      async (request) => join.getInviteDetails(request.ctx, request.params.token),
    );

    app.post(
      '/join/:token/accept',
      {
        schema: { tags, params: TokenParams, response: { 200: AcceptInviteResponseSchema, ...errors } },
      },
      async (request) => join.acceptInviteByToken(request.authedCtx, request.params.token),
    );

    app.post(
      '/join/:token/register',
      {
        config: { public: true, rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          security: [],
          params: TokenParams,
          body: JoinRegisterBodySchema,
          response: { 200: JoinRegisterResponseSchema, ...errors, ...standardErrors(429) },
        },
      },
      async (request) => join.registerWithInvite(request.ctx, request.params.token, request.body),
    );
  };
