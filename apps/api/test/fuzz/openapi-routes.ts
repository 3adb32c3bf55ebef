/**
 * The routes the fuzz suite attacks, read from the app's own OpenAPI document, so a route added
 * tomorrow is fuzzed without anyone listing it here.
 */

/** The subset of JSON Schema the app's zod schemas produce (fastify-type-provider-zod). */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

export interface QueryParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface RouteSpec {
  method: string;
  /** OpenAPI path, e.g. `/api/workspaces/{id}/members/{memberId}`. */
  path: string;
  pathParams: string[];
  query: QueryParam[];
  /** The application/json request body schema, when the route takes one. */
  jsonBody: JsonSchema | null;
  /** Fields of a multipart/form-data request body, when the route declares one. */
  multipart: { fields: Record<string, JsonSchema> } | null;
  /** `security: []` in the document: answered without a token. */
  public: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation under /api in the document, in document order. */
export function routesFromOpenApi(doc: { paths?: Record<string, Record<string, OpenApiOperation>> }): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const multipartSchema = content['multipart/form-data']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} })),
        jsonBody: content['application/json']?.schema ?? null,
        multipart: multipartSchema ? { fields: multipartSchema.properties ?? {} } : null,
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return routes;
}

export const routeName = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** Methods whose request may carry a body that Fastify parses. */
export const carriesBody = (r: RouteSpec) => r.method !== 'GET';
