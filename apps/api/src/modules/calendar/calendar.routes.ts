import { CalendarFeedSchema, CalendarTokenParamsSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { standardErrors } from '../../lib/route-schemas';
import * as service from './calendar.service';

/** Settings → Calendar (issue 26 item 5): the caller's private feed address, and the feed itself. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar-feed',
    {
      schema: { tags: ['calendar'], response: { 200: CalendarFeedSchema, ...standardErrors(401) } },
    },
    async (request) => service.getFeed(request.authedCtx),
  );

  app.post(
    '/calendar-feed',
    {
      schema: { tags: ['calendar'], response: { 200: CalendarFeedSchema, ...standardErrors(401) } },
    },
    async (request) => service.resetFeed(request.authedCtx),
  );

  app.delete(
    '/calendar-feed',
    {
      schema: { tags: ['calendar'], response: { 204: z.null(), ...standardErrors(401, 404) } },
    },
    async (request, reply) => {
      await service.revokeFeed(request.authedCtx);
      return reply.code(204).send(null);
    },
  );

  // What a calendar app subscribes to: the token in the address is the only credential.
  app.get(
    '/calendar/:token',
    {
      config: { public: true },
      schema: {
        tags: ['calendar'],
        security: [],
        params: CalendarTokenParamsSchema,
        response: { 200: z.string(), ...standardErrors(400, 404) },
      },
    },
    async (request, reply) => {
      const ics = await service.feedIcs(request.ctx, request.params.token.slice(0, -'.ics'.length));
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="biddesk.ics"').send(ics);
    },
  );
};
