const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID; ids in URLs are checked before they reach a uuid column (which would 500). */
export const isUuid = (value: string): boolean => UUID.test(value);
