import {
  AcceptInviteResponseSchema,
  ErrorBodySchema,
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
import type { AuthedCtx } from '../../lib/ctx';
import * as invites from './invites.service';
import * as join from './join.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });
const TokenParams = z.object({ token: z.string() });
const tags = ['invites'];

/**
 * SPEC §7 Invites and the workspace invite calls. Acceptance by token is POST /join/{token}/accept
 * (signed in); POST /join/{token}/register creates an account from the invite (public).
 */
export const invitesRoutes = (opts: { rateLimitPerMinute: number }): FastifyPluginAsyncZod => async (app) => {
  app.post('/workspaces/:id/invite', {
    schema: { tags, params: IdParams, body: InviteBodySchema, response: { 201: SentInviteSchema, ...errors, 502: ErrorBodySchema } },
  }, async (request, reply) => reply.code(201).send(await invites.sendInvite(request.ctx as AuthedCtx, request.params.id, request.body)));

  app.get('/workspaces/:id/invites', {
    schema: { tags, params: IdParams, response: { 200: WorkspaceInviteListSchema, ...errors } },
  }, async (request) => invites.listInvites(request.ctx as AuthedCtx, request.params.id));

  app.get('/invites/pending', {
    schema: { tags, response: { 200: PendingInviteListSchema, ...errors } },
  }, async (request) => invites.listPendingInvites(request.ctx as AuthedCtx));

  app.post('/invites/:id/accept', {
    schema: { tags, params: IdParams, response: { 200: AcceptInviteResponseSchema, ...errors } },
  }, async (request) => invites.acceptInvite(request.ctx as AuthedCtx, request.params.id));

  app.post('/invites/:id/decline', {
    schema: { tags, params: IdParams, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => invites.declineInvite(request.ctx as AuthedCtx, request.params.id));

  app.delete('/invites/:id', {
    schema: { tags, params: IdParams, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => invites.deleteInvite(request.ctx as AuthedCtx, request.params.id));

  app.get('/join/:token', {
    config: { public: true, rateLimit: { max: opts.rateLimitPerMinute * 6, timeWindow: '1 minute' } },
    schema: { tags, security: [], params: TokenParams, response: { 200: InviteDetailsSchema, 404: ErrorBodySchema, 429: ErrorBodySchema } },
  }, async (request) => join.getInviteDetails(request.ctx, request.params.token));

  app.post('/join/:token/accept', {
    schema: { tags, params: TokenParams, response: { 200: AcceptInviteResponseSchema, ...errors } },
  }, async (request) => join.acceptInviteByToken(request.ctx as AuthedCtx, request.params.token));

  app.post('/join/:token/register', {
    config: { public: true, rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } },
    schema: { tags, security: [], params: TokenParams, body: JoinRegisterBodySchema, response: { 200: JoinRegisterResponseSchema, ...errors, 429: ErrorBodySchema } },
  }, async (request) => join.registerWithInvite(request.ctx, request.params.token, request.body));
};
