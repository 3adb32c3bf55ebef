import { z } from 'zod';
import { PursuitListQuerySchema, PursuitListResponseSchema } from './pursuits';

/** Columns the /pipeline table sorts by (the URL's `sort`). */
export const PURSUIT_TABLE_SORTS = ['title', 'agency', 'stage', 'owner', 'value', 'weighted', 'p_win', 'due', 'next'] as const;
export type PursuitTableSort = (typeof PURSUIT_TABLE_SORTS)[number];
export const PURSUIT_TABLE_MAX_PER_PAGE = 200;

/**
 * GET /pursuits: the list filters, plus the table view — `view=table` answers one sorted page
 * (`sort`, `order`, `page`, `per_page`) with the totals still over every pursuit the filters select.
 */
export const PursuitTableQuerySchema = PursuitListQuerySchema.extend({
  view: z.enum(['board', 'table'], { error: 'view must be board or table' }).optional(),
  sort: z.enum(PURSUIT_TABLE_SORTS, { error: `sort must be one of ${PURSUIT_TABLE_SORTS.join(', ')}` }).default('due'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page is too large')
    .default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be a number' })
    .int('per_page must be a whole number')
    .min(1, `per_page must be from 1 to ${PURSUIT_TABLE_MAX_PER_PAGE}`)
    .max(PURSUIT_TABLE_MAX_PER_PAGE, `per_page must be from 1 to ${PURSUIT_TABLE_MAX_PER_PAGE}`)
    .default(50),
});
export type PursuitTableQuery = z.infer<typeof PursuitTableQuerySchema>;

/** The list response; with `view=table`, `page` says which page of how many pursuits it is. */
export const PursuitPagedListResponseSchema = PursuitListResponseSchema.extend({
  page: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }).optional(),
});
export type PursuitPagedListResponse = z.infer<typeof PursuitPagedListResponseSchema>;
