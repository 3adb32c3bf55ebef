import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL tsvector, used by the generated full-text search column. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
