import { MAX_SAVED_SEARCHES, radarLink, type CreateRadarSearchBody, type RadarSearch } from '@biddesk/shared';
import type { SavedSearchRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { GUEST_REFUSAL } from '../../lib/guest-access';
import * as savedSearches from '../saved-searches/saved-searches.repository';

/** Saved radar filters, as stored in saved_searches.filters for kind 'radar'. */
interface StoredRadarFilters {
  from_months: number;
  to_months: number;
  naics: string[];
  psc: string[];
  agency: string[];
  signals_only: boolean;
}

export function storedRadarFilters(row: { filters: unknown }): StoredRadarFilters {
  return row.filters as StoredRadarFilters;
}

export function presentRadarSearch(row: SavedSearchRow): RadarSearch {
  const filters = storedRadarFilters(row);
  return {
    id: row.id,
    name: row.name,
    kind: 'radar',
    filters,
    link: radarLink(filters),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /radar/searches: the caller's radar searches (deleted with DELETE /saved-searches/{id}). */
export async function listRadarSearches(ctx: AuthedCtx): Promise<{ data: RadarSearch[] }> {
  if (ctx.actor.isGuest) throw forbidden(GUEST_REFUSAL);
  return { data: (await savedSearches.listForUser(ctx.db, ctx.actor.id, 'radar')).map(presentRadarSearch) };
}

/**
 * POST /radar/searches: a saved search of kind "radar", with the saved-search rules (names unique
 * per user across kinds, at most MAX_SAVED_SEARCHES in all) and the daily new-match alert.
 */
export async function createRadarSearch(ctx: AuthedCtx, body: CreateRadarSearchBody): Promise<RadarSearch> {
  if (ctx.actor.isGuest) throw forbidden(GUEST_REFUSAL);
  const filters: StoredRadarFilters = { ...body.filters };
  const row = await savedSearches.insertWithinLimit(
    ctx.db,
    ctx.actor.id,
    { name: body.name, kind: 'radar', filters: { ...filters } },
    MAX_SAVED_SEARCHES,
  );
  if (row === 'limit') throw badRequest(`You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`);
  if (row === 'duplicate') throw conflict('You already have a saved search with this name');
  return presentRadarSearch(row);
}
