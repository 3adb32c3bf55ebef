/** Root query key of the opportunity lists; admin imports and syncs invalidate it, so it is shared. */
export const OPPORTUNITIES_KEY = ['opportunities'] as const;
