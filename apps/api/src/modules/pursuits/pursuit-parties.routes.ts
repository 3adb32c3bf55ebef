import {
  AddPursuitPartyBodySchema,
  PursuitPartiesSchema,
  PursuitSchema,
  UseAwardValueBodySchema,
  ValueSuggestionSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as parties from './pursuit-parties.service';
import * as value from './pursuit-value.service';

const tags = ['pipeline'];
const errors = standardErrors(400, 401, 403, 404, 409);

/** A pursuit's competitors and partners linked to award data, and its value from a prior award (issue 26 item 2). */
export const pursuitPartiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pursuits/:id/parties',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: PursuitPartiesSchema, ...errors } },
    },
    async (request) => parties.listParties(request.authedCtx, request.params.id),
  );

  app.post(
    '/pursuits/:id/parties',
    {
      schema: { tags, params: IdParamsSchema, body: AddPursuitPartyBodySchema, response: { 200: PursuitPartiesSchema, ...errors } },
    },
    async (request) => parties.addParty(request.authedCtx, request.params.id, request.body),
  );

  app.get(
    '/pursuits/:id/value-from-awards',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: ValueSuggestionSchema, ...errors } },
    },
    async (request) => value.getValueSuggestion(request.authedCtx, request.params.id),
  );

  app.post(
    '/pursuits/:id/value-from-awards',
    {
      schema: { tags, params: IdParamsSchema, body: UseAwardValueBodySchema, response: { 200: PursuitSchema, ...errors } },
    },
    async (request) => value.useAwardValue(request.authedCtx, request.params.id, request.body),
  );
};
