import {
  CreateTaskBodySchema,
  DismissRequirementChangesBodySchema,
  MessageResponseSchema,
  TaskListSchema,
  TaskSchema,
  UpdateTaskStatusBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as service from './tasks.service';

const errors = standardErrors(400, 401, 403, 404, 409);
const tags = ['tasks'];

/**
 * SPEC §7 Tasks. PATCH /tasks/{id} also takes `from_status` (beyond SPEC; see the contract).
 * Beyond SPEC: POST /tasks/{id}/requirement-changes/dismiss clears a task's RFP amendment flag.
 */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workspaces/:id/tasks',
    {
      schema: { tags, params: IdParamsSchema, body: CreateTaskBodySchema, response: { 201: TaskSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.createTask(request.authedCtx, request.params.id, request.body)),
  );

  app.get(
    '/workspaces/:id/tasks',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: TaskListSchema, ...errors } },
    },
    async (request) => service.listTasks(request.authedCtx, request.params.id),
  );

  app.patch(
    '/tasks/:id',
    {
      schema: { tags, params: IdParamsSchema, body: UpdateTaskStatusBodySchema, response: { 200: TaskSchema, ...errors } },
    },
    async (request) => service.moveTask(request.authedCtx, request.params.id, request.body),
  );

  app.post(
    '/tasks/:id/requirement-changes/dismiss',
    {
      schema: { tags, params: IdParamsSchema, body: DismissRequirementChangesBodySchema, response: { 200: TaskSchema, ...errors } },
    },
    async (request) => service.dismissRequirementChanges(request.authedCtx, request.params.id, request.body),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    },
    async (request) => service.deleteTask(request.authedCtx, request.params.id),
  );
};
