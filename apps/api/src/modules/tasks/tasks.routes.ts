import {
  CreateTaskBodySchema,
  DismissRequirementChangesBodySchema,
  ErrorBodySchema,
  MessageResponseSchema,
  TaskListSchema,
  TaskSchema,
  UpdateTaskStatusBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import * as service from './tasks.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });
const tags = ['tasks'];

/**
 * SPEC §7 Tasks. PATCH /tasks/{id} also takes `from_status` (beyond SPEC; see the contract).
 * Beyond SPEC: POST /tasks/{id}/requirement-changes/dismiss clears a task's RFP amendment flag.
 */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/workspaces/:id/tasks', {
    schema: { tags, params: IdParams, body: CreateTaskBodySchema, response: { 201: TaskSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await service.createTask(request.ctx as AuthedCtx, request.params.id, request.body)));

  app.get('/workspaces/:id/tasks', {
    schema: { tags, params: IdParams, response: { 200: TaskListSchema, ...errors } },
  }, async (request) => service.listTasks(request.ctx as AuthedCtx, request.params.id));

  app.patch('/tasks/:id', {
    schema: { tags, params: IdParams, body: UpdateTaskStatusBodySchema, response: { 200: TaskSchema, ...errors } },
  }, async (request) => service.moveTask(request.ctx as AuthedCtx, request.params.id, request.body));

  app.post('/tasks/:id/requirement-changes/dismiss', {
    schema: { tags, params: IdParams, body: DismissRequirementChangesBodySchema, response: { 200: TaskSchema, ...errors } },
  }, async (request) => service.dismissRequirementChanges(request.ctx as AuthedCtx, request.params.id, request.body));

  app.delete('/tasks/:id', {
    schema: { tags, params: IdParams, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => service.deleteTask(request.ctx as AuthedCtx, request.params.id));
};
