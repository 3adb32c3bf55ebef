import type { GeneratedDocument, WorkspaceGeneratedDocument } from '@biddesk/shared';
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

/** Wire shape of a workspace AI tool's document (SPEC §3, workspace side: generated_at). */
export function presentWorkspaceDocument(row: GeneratedDocumentRow & { workspaceId: string }): WorkspaceGeneratedDocument {
  const authorName = row.metadata.author_name;
  return {
    ...presentGeneratedDocument(row),
    workspace_id: row.workspaceId,
    generated_at: row.createdAt.toISOString(),
    author_id: row.userId,
    author_name: typeof authorName === 'string' ? authorName : null,
  };
}
