import type { JsonSchema } from './openapi-routes';

/** NUL and unpaired UTF-16 surrogates: text no input may carry (issue 16, the shared text schema). */
export function hasForbiddenText(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
}

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/**
 * Whether `value` satisfies `schema` as far as the fuzz suite needs to know: a request it builds
 * to be refused must really break its schema, or the server would rightly carry it out. Strings
 * with NUL or lone surrogates count as invalid everywhere.
 */
export function satisfies(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((s) => satisfies(s, value));
  if (schema.oneOf) return schema.oneOf.some((s) => satisfies(s, value));
  if (value === null) return schema.nullable === true || typesOf(schema).includes('null') || (schema.enum?.includes(null) ?? false);
  if (value === undefined) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  const types = typesOf(schema);
  const jsType = Array.isArray(value) ? 'array' : typeof value;
  if (types.length) {
    const ok = types.some((t) =>
      t === 'integer'
        ? typeof value === 'number' && Number.isInteger(value)
        : t === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : t === jsType,
    );
    if (!ok) return false;
  }
  if (typeof value === 'string') {
    if (hasForbiddenText(value)) return false;
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items && !value.every((v) => satisfies(schema.items!, v))) return false;
  }
  if (jsType === 'object' && schema.properties) {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in obj)) return false;
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (key in obj && obj[key] !== undefined && !satisfies(prop, obj[key])) return false;
    }
  }
  return true;
}

/**
 * Whether a query-string value (already decoded) satisfies its parameter schema the way the zod
 * schemas read it: numbers are coerced from text, everything else is text.
 */
export function querySatisfies(schema: JsonSchema, value: string | string[]): boolean {
  if (Array.isArray(value)) return false;
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    // z.coerce.number reads '' and ' ' as 0, like Number().
    const n = Number(value);
    return satisfies(schema, n);
  }
  if (types.includes('boolean')) return value === 'true' || value === 'false';
  return satisfies({ ...schema, type: 'string' }, value);
}
