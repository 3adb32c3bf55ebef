import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL tsvector: the full-text lexemes search-text.ts builds. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
