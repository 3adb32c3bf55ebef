import { MAX_SAVED_SEARCHES, type CreateSavedSearchBody, type SavedSearch, type UpdateSavedSearchBody } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import * as repo from './saved-searches.repository';
import { presentSavedSearch } from './saved-searches.presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Saved search not found';
const DUPLICATE = 'You already have a saved search with this name';

/** GET /saved-searches: the caller's own, oldest first. */
export async function listSavedSearches(ctx: AuthedCtx): Promise<{ data: SavedSearch[] }> {
  return { data: (await repo.listForUser(ctx.db, ctx.actor.id)).map(presentSavedSearch) };
}

/** POST /saved-searches: names are unique per user (case-insensitive); at most MAX_SAVED_SEARCHES. */
export async function createSavedSearch(ctx: AuthedCtx, body: CreateSavedSearchBody): Promise<SavedSearch> {
  const row = await repo.insertWithinLimit(ctx.db, ctx.actor.id, body, MAX_SAVED_SEARCHES);
  if (row === 'limit') throw badRequest(`You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`);
  if (row === 'duplicate') throw conflict(DUPLICATE);
  return presentSavedSearch(row);
}

/** PATCH /saved-searches/{id}: someone else's search answers 404, like a missing one. */
export async function updateSavedSearch(ctx: AuthedCtx, id: string, body: UpdateSavedSearchBody): Promise<SavedSearch> {
  const row = UUID.test(id) ? await repo.updateOwn(ctx.db, ctx.actor.id, id, body) : undefined;
  if (row === 'duplicate') throw conflict(DUPLICATE);
  if (!row) throw notFound(NOT_FOUND);
  return presentSavedSearch(row);
}

/** DELETE /saved-searches/{id}. */
export async function deleteSavedSearch(ctx: AuthedCtx, id: string): Promise<void> {
  const deleted = UUID.test(id) ? await repo.deleteOwn(ctx.db, ctx.actor.id, id) : false;
  if (!deleted) throw notFound(NOT_FOUND);
}
