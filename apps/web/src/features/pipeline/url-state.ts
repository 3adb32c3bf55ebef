import { PURSUIT_TABLE_SORTS, type PursuitTableSort } from '@biddesk/shared';

/**
 * What /pipeline shows, read from its URL (as the dashboard's url-state): the view, the filters the
 * server applies, and the table's sort and page, so Back, reload and a shared link show the same.
 */
export interface PipelineFilters {
  stage?: string;
  owner?: string;
  agency?: string;
  naics?: string;
  dueWithin?: number;
}

// The server sorts the table (GET /pursuits?view=table): its list of columns is the URL's.
export const PIPELINE_SORTS = PURSUIT_TABLE_SORTS;
export type PipelineSort = PursuitTableSort;

export interface PipelineState {
  view: 'board' | 'table' | 'analytics';
  filters: PipelineFilters;
  sort: PipelineSort;
  order: 'asc' | 'desc';
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined;
const positiveInt = (value: string | null, max: number): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

/** Reads the state; a malformed value is ignored rather than sent to the server. */
export function readPipelineState(params: URLSearchParams): PipelineState {
  const stage = params.get('stage');
  const owner = params.get('owner');
  const naics = params.get('naics');
  return {
    view: params.get('view') === 'table' ? 'table' : params.get('view') === 'analytics' ? 'analytics' : 'board',
    filters: {
      stage: stage && UUID.test(stage) ? stage : undefined,
      owner: owner && (owner === 'none' || UUID.test(owner)) ? owner : undefined,
      agency: params.get('agency') || undefined,
      naics: naics && /^\d{1,6}$/.test(naics) ? naics : undefined,
      dueWithin: positiveInt(params.get('due'), 365),
    },
    sort: oneOf(PIPELINE_SORTS, params.get('sort')) ?? 'due',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: positiveInt(params.get('page'), 10_000) ?? 1,
  };
}

/** The URL query of a state; defaults are left out so links stay short. */
export function writePipelineState(s: PipelineState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.view !== 'board') p.set('view', s.view);
  if (s.filters.stage) p.set('stage', s.filters.stage);
  if (s.filters.owner) p.set('owner', s.filters.owner);
  if (s.filters.agency) p.set('agency', s.filters.agency);
  if (s.filters.naics) p.set('naics', s.filters.naics);
  if (s.filters.dueWithin) p.set('due', String(s.filters.dueWithin));
  if (s.sort !== 'due') p.set('sort', s.sort);
  if (s.order !== 'asc') p.set('order', s.order);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}
