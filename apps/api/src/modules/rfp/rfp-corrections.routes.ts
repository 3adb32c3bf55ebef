import { PutRequirementCorrectionBodySchema, RfpRequirementSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../lib/attachment';
import { standardErrors } from '../../lib/route-schemas';
import { exportCorrections } from './rfp-corrections-export';
import { deleteCorrection, putCorrection } from './rfp-corrections.service';

const errors = standardErrors(400, 401, 403, 404, 409);
const CorrectionParams = z.object({ id: z.string(), solicitationId: z.string(), requirementId: z.string() });
const tags = ['rfp'];
const path = '/workspaces/:id/rfp/solicitations/:solicitationId/requirements/:requirementId/correction';

/**
 * The team's corrections of the requirements list (issue 23, beyond SPEC):
 * - PUT .../solicitations/{sid}/requirements/{rid}/correction: mark not a requirement, or change section or must/should (200, the requirement as corrected).
 * - DELETE the same: undo (204).
 * - GET /workspaces/{id}/rfp/corrections/export: the latest version's corrections as JSONL in the labels' format.
 */
export const rfpCorrectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    path,
    {
      schema: {
        tags,
        params: CorrectionParams,
        body: PutRequirementCorrectionBodySchema,
        response: { 200: RfpRequirementSchema, ...errors },
      },
    },
    async (request) => {
      const { id, solicitationId, requirementId } = request.params;
      return putCorrection(request.authedCtx, id, solicitationId, requirementId, request.body);
    },
  );

  app.delete(
    path,
    {
      schema: { tags, params: CorrectionParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { id, solicitationId, requirementId } = request.params;
      await deleteCorrection(request.authedCtx, id, solicitationId, requirementId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/workspaces/:id/rfp/corrections/export',
    {
      schema: {
        tags,
        description: "The latest RFP version's corrections as JSONL, one label or negative a line (../shared/data/rfp/README.md format).",
        params: z.object({ id: z.string() }),
        response: { 200: z.any().describe('The file: JSON Lines'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportCorrections(request.authedCtx, request.params.id);
      return sendAttachment(reply, file.fileName, file.body);
    },
  );
};
