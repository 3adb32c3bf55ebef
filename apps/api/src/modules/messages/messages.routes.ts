import {
  ChatMessageListQuerySchema,
  ChatMessageListSchema,
  ChatMessageSchema,
  EditChatMessageBodySchema,
  MessageResponseSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../lib/attachment';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { readChatInput } from './message-input';
import * as service from './messages.service';

const errors = standardErrors(400, 401, 403, 404, 409);
const MessageParams = z.object({ id: z.string(), msgId: z.string() });
const tags = ['messages'];

/** SPEC §7 Messages, plus the before/after cursors (WORKSPACES.md §1) and the edit call (SPEC §4). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workspaces/:id/messages',
    {
      schema: {
        tags,
        description: 'Multipart fields `message` (text) and/or `file` (one attachment, 10 MB at most).',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: ChatMessageSchema, ...errors, ...standardErrors(413) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.sendMessage(request.authedCtx, request.params.id, () => readChatInput(request))),
  );

  app.get(
    '/workspaces/:id/messages',
    {
      schema: {
        tags,
        description:
          'skip/limit count from the newest message; `before` (older page) or `after` (newer, for polling) take a message id and then skip is not used. Each page is oldest first; an unknown cursor answers 400.',
        params: IdParamsSchema,
        querystring: ChatMessageListQuerySchema,
        response: { 200: ChatMessageListSchema, ...errors },
      },
    },
    async (request) => service.listMessages(request.authedCtx, request.params.id, request.query),
  );

  app.patch(
    '/workspaces/:id/messages/:msgId',
    {
      schema: {
        tags,
        description: "Edit one's own message within 2 minutes of sending.",
        params: MessageParams,
        body: EditChatMessageBodySchema,
        response: { 200: ChatMessageSchema, ...errors },
      },
    },
    async (request) => service.editMessage(request.authedCtx, request.params.id, request.params.msgId, request.body.message),
  );

  app.delete(
    '/workspaces/:id/messages/:msgId',
    {
      schema: { tags, params: MessageParams, response: { 200: MessageResponseSchema, ...errors } },
    },
    async (request) => service.deleteMessage(request.authedCtx, request.params.id, request.params.msgId),
  );

  app.get(
    '/workspaces/:id/messages/:msgId/download',
    {
      schema: { tags, params: MessageParams, response: { 200: z.any().describe('The attachment, always as a download'), ...errors } },
    },
    async (request, reply) => {
      const file = await service.getAttachment(request.authedCtx, request.params.id, request.params.msgId);
      return sendAttachment(reply, file.fileName, file.bytes);
    },
  );
};
