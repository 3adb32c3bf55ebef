import type { SwaggerTransform } from '@fastify/swagger';

/**
 * Upload routes read their multipart parts in the handler, so they have no `body` schema, and
 * @fastify/swagger documents a request body only from one: the OpenAPI document would say they
 * take no body at all. For a route that declares `consumes: ['multipart/form-data']` this adds a
 * documentation-only body (the transform feeds the document, never validation), so clients and
 * the fuzz suite (test/fuzz) see a multipart request body with its `file` part.
 */
export function withMultipartBodies(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const out = transform(input);
    // A route without any schema (none is required) comes back without one: nothing to add.
    const schema = out.schema as { consumes?: string[]; body?: unknown } | undefined;
    if (schema && !schema.body && schema.consumes?.includes('multipart/form-data')) {
      return { ...out, schema: { ...out.schema, body: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } };
    }
    return out;
  };
}
