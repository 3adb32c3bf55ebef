import { savedSearchLink, type SavedSearch, type SavedSearchFilters } from '@biddesk/shared';
import type { SavedSearchRow } from '../../db/schema/index';

export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  const filters = row.filters as SavedSearchFilters;
  return {
    id: row.id,
    name: row.name,
    filters,
    link: savedSearchLink(filters),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
