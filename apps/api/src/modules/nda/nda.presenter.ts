import type { Nda } from '@biddesk/shared';
import type { NdaVersionRow } from '../../db/schema/index';

export function presentNda(row: NdaVersionRow): Nda {
  return {
    id: row.id,
    title: row.title,
    body_markdown: row.bodyMarkdown,
    version: row.version,
    effective_at: row.effectiveAt.toISOString(),
  };
}
