import {
  ArchiveQuerySchema,
  CreateWorkspaceBodySchema,
  DeleteWorkspaceResponseSchema,
  ErrorBodySchema,
  MemberListSchema,
  MessageResponseSchema,
  OpportunityWorkspaceSchema,
  UpdateWorkspaceSettingsBodySchema,
  WorkspaceActivityPageSchema,
  WorkspaceActivityQuerySchema,
  WorkspaceChangesQuerySchema,
  WorkspaceChangesSchema,
  WorkspaceListQuerySchema,
  WorkspaceListSchema,
  WorkspaceSchema,
  WorkspaceSettingsSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import * as members from './members.service';
import { getWorkspaceChanges } from './workspace-changes.service';
import * as service from './workspaces.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });
const tags = ['workspaces'];

/** SPEC §7 Workspaces, plus the settings PATCH and the Activity log (WORKSPACES.md §4). */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/workspaces', {
    schema: { tags, body: CreateWorkspaceBodySchema, response: { 201: WorkspaceSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await service.createWorkspace(request.ctx as AuthedCtx, request.body)));

  app.get('/workspaces', {
    schema: { tags, querystring: WorkspaceListQuerySchema, response: { 200: WorkspaceListSchema, ...errors } },
  }, async (request) => service.listWorkspaces(request.ctx as AuthedCtx, request.query.include_archived));

  app.get('/workspaces/:id', {
    schema: { tags, params: IdParams, response: { 200: WorkspaceSchema, ...errors } },
  }, async (request) => service.getWorkspace(request.ctx as AuthedCtx, request.params.id));

  app.delete('/workspaces/:id', {
    schema: { tags, params: IdParams, response: { 200: DeleteWorkspaceResponseSchema, ...errors } },
  }, async (request) => service.deleteWorkspace(request.ctx as AuthedCtx, request.params.id));

  app.patch('/workspaces/:id/archive', {
    schema: { tags, params: IdParams, querystring: ArchiveQuerySchema, response: { 200: WorkspaceSchema, ...errors } },
  }, async (request) => service.setArchived(request.ctx as AuthedCtx, request.params.id, request.query.archive));

  app.post('/workspaces/:id/leave', {
    schema: { tags, params: IdParams, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => members.leaveWorkspace(request.ctx as AuthedCtx, request.params.id));

  app.get('/workspaces/:id/members', {
    schema: { tags, params: IdParams, response: { 200: MemberListSchema, ...errors } },
  }, async (request) => members.listMembers(request.ctx as AuthedCtx, request.params.id));

  app.delete('/workspaces/:id/members/:memberId', {
    schema: { tags, params: z.object({ id: z.string(), memberId: z.string() }), response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => members.removeMember(request.ctx as AuthedCtx, request.params.id, request.params.memberId));

  app.get('/workspaces/:id/settings', {
    schema: { tags, params: IdParams, response: { 200: WorkspaceSettingsSchema, ...errors } },
  }, async (request) => service.getSettings(request.ctx as AuthedCtx, request.params.id));

  app.patch('/workspaces/:id/settings', {
    schema: { tags, params: IdParams, body: UpdateWorkspaceSettingsBodySchema, response: { 200: WorkspaceSettingsSchema, ...errors } },
  }, async (request) => service.updateSettings(request.ctx as AuthedCtx, request.params.id, request.body.require_nda));

  app.get('/workspaces/:id/activity', {
    schema: { tags, params: IdParams, querystring: WorkspaceActivityQuerySchema, response: { 200: WorkspaceActivityPageSchema, ...errors } },
  }, async (request) => members.listActivity(request.ctx as AuthedCtx, request.params.id, request.query.limit, request.query.before));

  // Beyond SPEC (issue 21 item 3): what other members changed since the last poll.
  app.get('/workspaces/:id/changes', {
    schema: { tags, params: IdParams, querystring: WorkspaceChangesQuerySchema, response: { 200: WorkspaceChangesSchema, ...errors } },
  }, async (request) => getWorkspaceChanges(request.ctx as AuthedCtx, request.params.id, request.query.since));

  app.get('/opportunities/:id/workspace', {
    schema: { tags, params: IdParams, response: { 200: OpportunityWorkspaceSchema, ...errors } },
  }, async (request) => service.getOpportunityWorkspace(request.ctx as AuthedCtx, request.params.id));
};
