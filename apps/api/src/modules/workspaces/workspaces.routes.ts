import {
  ArchiveQuerySchema,
  CreateWorkspaceBodySchema,
  DeleteWorkspaceResponseSchema,
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
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as members from './members.service';
import { getWorkspaceChanges } from './workspace-changes.service';
import * as service from './workspaces.service';

const errors = standardErrors(400, 401, 403, 404, 409);
const tags = ['workspaces'];

/** SPEC §7 Workspaces, plus the settings PATCH and the Activity log (WORKSPACES.md §4). */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workspaces',
    {
      schema: { tags, body: CreateWorkspaceBodySchema, response: { 201: WorkspaceSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.createWorkspace(request.authedCtx, request.body)),
  );

  app.get(
    '/workspaces',
    {
      schema: { tags, querystring: WorkspaceListQuerySchema, response: { 200: WorkspaceListSchema, ...errors } },
    },
    async (request) => service.listWorkspaces(request.authedCtx, request.query.include_archived),
  );

  app.get(
    '/workspaces/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: WorkspaceSchema, ...errors } },
    },
    async (request) => service.getWorkspace(request.authedCtx, request.params.id),
  );

  app.delete(
    '/workspaces/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: DeleteWorkspaceResponseSchema, ...errors } },
    },
    async (request) => service.deleteWorkspace(request.authedCtx, request.params.id),
  );

  app.patch(
    '/workspaces/:id/archive',
    {
      schema: { tags, params: IdParamsSchema, querystring: ArchiveQuerySchema, response: { 200: WorkspaceSchema, ...errors } },
    },
    async (request) => service.setArchived(request.authedCtx, request.params.id, request.query.archive),
  );

  app.post(
    '/workspaces/:id/leave',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    },
    async (request) => members.leaveWorkspace(request.authedCtx, request.params.id),
  );

  app.get(
    '/workspaces/:id/members',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MemberListSchema, ...errors } },
    },
    async (request) => members.listMembers(request.authedCtx, request.params.id),
  );

  app.delete(
    '/workspaces/:id/members/:memberId',
    {
      schema: { tags, params: z.object({ id: z.string(), memberId: z.string() }), response: { 200: MessageResponseSchema, ...errors } },
    },
    async (request) => members.removeMember(request.authedCtx, request.params.id, request.params.memberId),
  );

  app.get(
    '/workspaces/:id/settings',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: WorkspaceSettingsSchema, ...errors } },
    },
    async (request) => service.getSettings(request.authedCtx, request.params.id),
  );

  app.patch(
    '/workspaces/:id/settings',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateWorkspaceSettingsBodySchema,
        response: { 200: WorkspaceSettingsSchema, ...errors },
      },
    },
    async (request) => service.updateSettings(request.authedCtx, request.params.id, request.body.require_nda),
  );

  app.get(
    '/workspaces/:id/activity',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: WorkspaceActivityQuerySchema,
        response: { 200: WorkspaceActivityPageSchema, ...errors },
      },
    },
    async (request) => members.listActivity(request.authedCtx, request.params.id, request.query.limit, request.query.before),
  );

  // Beyond SPEC (issue 21 item 3): what other members changed since the last poll.
  app.get(
    '/workspaces/:id/changes',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: WorkspaceChangesQuerySchema,
        response: { 200: WorkspaceChangesSchema, ...errors },
      },
    },
    async (request) => getWorkspaceChanges(request.authedCtx, request.params.id, request.query.since),
  );

  app.get(
    '/opportunities/:id/workspace',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: OpportunityWorkspaceSchema, ...errors } },
    },
    async (request) => service.getOpportunityWorkspace(request.authedCtx, request.params.id),
  );
};
