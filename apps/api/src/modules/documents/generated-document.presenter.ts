import type { GeneratedDocument } from '@biddesk/shared';
import type { GeneratedDocumentRow } from '../../db/schema/index';

/** Wire shape of a generated document (SPEC §3, dashboard side). */
export function presentGeneratedDocument(row: GeneratedDocumentRow): GeneratedDocument {
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    document_type: row.documentType,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    solicitation_number: row.solicitationNumber,
    metadata: { ...row.metadata, title: row.metadata.title, agency: row.metadata.agency ?? null },
  };
}
