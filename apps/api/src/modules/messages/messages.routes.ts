import {
  ChatMessageListQuerySchema,
  ChatMessageListSchema,
  ChatMessageSchema,
  EditChatMessageBodySchema,
  ErrorBodySchema,
  MessageResponseSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import { sendAttachment } from '../../lib/attachment';
import { readChatInput } from './message-input';
import * as service from './messages.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });
const MessageParams = z.object({ id: z.string(), msgId: z.string() });
const tags = ['messages'];

/** SPEC §7 Messages, plus the before/after cursors (WORKSPACES.md §1) and the edit call (SPEC §4). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/workspaces/:id/messages', {
    schema: {
      tags,
      description: 'Multipart fields `message` (text) and/or `file` (one attachment, 10 MB at most).',
      consumes: ['multipart/form-data'],
      params: IdParams,
      response: { 201: ChatMessageSchema, ...errors, 413: ErrorBodySchema },
    },
  }, async (request, reply) =>
    reply.code(201).send(await service.sendMessage(request.ctx as AuthedCtx, request.params.id, () => readChatInput(request))));

  app.get('/workspaces/:id/messages', {
    schema: {
      tags,
      description: 'skip/limit count from the newest message; `before` (older page) or `after` (newer, for polling) take a message id and then skip is not used. Each page is oldest first; an unknown cursor answers 400.',
      params: IdParams,
      querystring: ChatMessageListQuerySchema,
      response: { 200: ChatMessageListSchema, ...errors },
    },
  }, async (request) => service.listMessages(request.ctx as AuthedCtx, request.params.id, request.query));

  app.patch('/workspaces/:id/messages/:msgId', {
    schema: {
      tags,
      description: 'Edit one\'s own message within 2 minutes of sending.',
      params: MessageParams,
      body: EditChatMessageBodySchema,
      response: { 200: ChatMessageSchema, ...errors },
    },
  }, async (request) => service.editMessage(request.ctx as AuthedCtx, request.params.id, request.params.msgId, request.body.message));

  app.delete('/workspaces/:id/messages/:msgId', {
    schema: { tags, params: MessageParams, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => service.deleteMessage(request.ctx as AuthedCtx, request.params.id, request.params.msgId));

  app.get('/workspaces/:id/messages/:msgId/download', {
    schema: { tags, params: MessageParams, response: { 200: z.any().describe('The attachment, always as a download'), ...errors } },
  }, async (request, reply) => {
    const file = await service.getAttachment(request.ctx as AuthedCtx, request.params.id, request.params.msgId);
    return sendAttachment(reply, file.fileName, file.bytes);
  });
};
