import {
  GateFactorListSchema,
  GateReviewSchema,
  PipelineAnalyticsSchema,
  PursuitDecisionsSchema,
  RecordGateReviewBodySchema,
  RecordOutcomeBodySchema,
  ReplaceGateFactorsBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as gates from './gate-reviews.service';
import * as analytics from './pipeline-analytics.service';
import * as outcomes from './pursuit-outcomes.service';

const tags = ['pipeline'];
const withNotFound = standardErrors(400, 401, 403, 404, 409);

/** Gate reviews, outcomes and analytics of the capture pipeline (issue 26 items 3-4). */
export const pipelineGatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pipeline/gate-factors',
    { schema: { tags, response: { 200: GateFactorListSchema, ...standardErrors(401, 403) } } },
    async (request) => gates.listFactors(request.authedCtx),
  );

  app.put(
    '/admin/pipeline/gate-factors',
    {
      config: { role: 'admin' },
      schema: { tags, body: ReplaceGateFactorsBodySchema, response: { 200: GateFactorListSchema, ...standardErrors(400, 401, 403) } },
    },
    async (request) => gates.replaceFactors(request.authedCtx, request.body),
  );

  app.get(
    '/pipeline/analytics',
    { schema: { tags, response: { 200: PipelineAnalyticsSchema, ...standardErrors(401, 403) } } },
    async (request) => analytics.pipelineAnalytics(request.authedCtx),
  );

  app.get(
    '/pursuits/:id/decisions',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: PursuitDecisionsSchema, ...withNotFound } },
    },
    async (request) => gates.listDecisions(request.authedCtx, request.params.id),
  );

  app.post(
    '/pursuits/:id/gate-reviews',
    {
      schema: { tags, params: IdParamsSchema, body: RecordGateReviewBodySchema, response: { 201: GateReviewSchema, ...withNotFound } },
    },
    async (request, reply) => reply.code(201).send(await gates.recordGateReview(request.authedCtx, request.params.id, request.body)),
  );

  app.post(
    '/pursuits/:id/outcome',
    {
      schema: { tags, params: IdParamsSchema, body: RecordOutcomeBodySchema, response: { 200: PursuitDecisionsSchema, ...withNotFound } },
    },
    async (request) => outcomes.recordOutcome(request.authedCtx, request.params.id, request.body),
  );
};
