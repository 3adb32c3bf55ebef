import type { InjectOptions } from 'fastify';
import { carriesBody, type JsonSchema, type QueryParam, type RouteSpec } from './openapi-routes';
import type { Rng } from './prng';
import { querySatisfies, satisfies } from './schema-check';

/** What a fuzz case needs to know about the real rows it aims at (test/fuzz/fixtures.ts). */
export interface FuzzTargets {
  /** The real value of a path parameter (a workspace the caller owns, its document, ...). */
  pathValue(route: RouteSpec, param: string): string;
  /** A valid value for a query parameter or JSON body property, by name. */
  namedValue(name: string, schema: JsonSchema): unknown;
  /** Session tokens: `user` owns the workspace, `admin` calls admin routes. */
  tokens: { user: string; admin: string };
  /** Authorization headers that must not authenticate anyone (forged, expired, malformed). */
  badAuthorizations: string[];
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string | null; payload: Buffer };

/** A request under construction: each mutation changes one part and says what it did. */
interface Draft {
  /** Path parameter values, already percent-encoded (some deliberately badly). */
  path: Record<string, string>;
  /** Query pairs; `raw` pairs are put in the URL exactly as given. */
  query: { name: string; value: string; raw?: boolean }[];
  headers: Record<string, string>;
  authorization: string | null;
  body: Body;
  labels: string[];
}

export interface FuzzCase {
  index: number;
  label: string;
  inject: InjectOptions;
}

// ---------------------------------------------------------------- values

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => '0123456789abcdef'[rng.int(16)]).join('');
/** A random version-4 UUID: well formed, and no row has it. */
export const randomUuid = (rng: Rng) => `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${'89ab'[rng.int(4)]}${hex(rng, 3)}-${hex(rng, 12)}`;

const UNICODE = ['é', 'ß', '中', '文', '🙂', '\u202e', '\u200b', '\ufeff', 'ﬀ', 'Ω', '\u0301', '\u2028', '𝔘'];
const randomText = (rng: Rng, n: number) =>
  Array.from({ length: n }, () => (rng.chance(0.3) ? rng.pick(UNICODE) : String.fromCharCode(32 + rng.int(95)))).join('');

/** Strings that are hostile as text: control characters, lone surrogates, injections, sizes. */
function hostileString(rng: Rng): { value: string; note: string } {
  const options: (() => { value: string; note: string })[] = [
    () => ({ value: `a\u0000b`, note: 'NUL' }),
    () => ({ value: '\u0000', note: 'only NUL' }),
    () => ({ value: `x\ud800y`, note: 'lone high surrogate' }),
    () => ({ value: '\udfff', note: 'lone low surrogate' }),
    () => ({ value: `🙂`.slice(0, 1) + 'tail', note: 'half an emoji' }),
    () => ({ value: 'A'.repeat(100_000), note: '100k chars' }),
    () => ({ value: randomText(rng, 5_000), note: '5k random unicode' }),
    () => ({ value: '', note: 'empty' }),
    () => ({ value: '   ', note: 'spaces' }),
    () => ({ value: "' OR '1'='1' --", note: 'SQL quote' }),
    () => ({ value: '%_\\%', note: 'LIKE wildcards' }),
    () => ({ value: '<script>alert(1)</script>', note: 'script' }),
    () => ({ value: '../../../../etc/passwd', note: 'traversal' }),
    () => ({ value: 'line\r\nX-Injected: 1', note: 'CRLF' }),
    () => ({ value: '\u202eevil\u202c', note: 'bidi override' }),
    () => ({ value: '{{7*7}}${7*7}', note: 'template' }),
    () => ({ value: '\u0001\u0002\u001b[31m', note: 'control chars' }),
  ];
  return rng.pick(options)();
}

/** Values of every JSON type, to put where another type belongs. */
const WRONG_TYPES: { value: unknown; note: string }[] = [
  { value: null, note: 'null' },
  { value: 0, note: '0' },
  { value: -1, note: '-1' },
  { value: 1.5, note: '1.5' },
  { value: 1e308, note: '1e308' },
  { value: -(2 ** 53) - 2, note: 'beyond safe integer' },
  { value: true, note: 'true' },
  { value: false, note: 'false' },
  { value: '', note: 'empty string' },
  { value: 'not the right type', note: 'string' },
  { value: [], note: '[]' },
  { value: [null], note: '[null]' },
  { value: ['a', 1], note: 'mixed array' },
  { value: {}, note: '{}' },
  { value: { $gt: '' }, note: 'operator object' },
  { value: { toString: 'x', valueOf: 1 }, note: 'toString object' },
];

function deepNested(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** Path parameter values (already percent-encoded) that name no row: malformed or unknown. */
function badPathValue(rng: Rng, real: string): { value: string; note: string } {
  const u = randomUuid(rng);
  const options: [string, string][] = [
    ['abc', 'word'],
    ['0', 'zero'],
    ['-1', 'negative'],
    ['1.5', 'decimal'],
    ['null', 'null'],
    ['undefined', 'undefined'],
    ['true', 'true'],
    ['%20', 'space'],
    ['%00', 'NUL'],
    [`${real.slice(0, 8)}%00${real.slice(8)}`, 'NUL inside the real id'],
    ['%ED%A0%80', 'lone surrogate (CESU bytes)'],
    ['%FF%FE', 'invalid UTF-8'],
    ['%C0%AF', 'overlong UTF-8'],
    ['%', 'lone percent'],
    ['%E0%A4%A', 'cut percent escape'],
    ['%25', 'encoded percent'],
    ["'%20OR%20'1'%3D'1", 'SQL'],
    ['..%2F..%2Fetc%2Fpasswd', 'encoded traversal'],
    ['%2E%2E', 'dot dot'],
    [u, 'unknown uuid'],
    [u.toUpperCase(), 'unknown uuid upper case'],
    [u.replace(/-/g, ''), 'unknown uuid without dashes'],
    [`%7B${u}%7D`, 'unknown uuid in braces'],
    ['00000000-0000-0000-0000-000000000000', 'nil uuid'],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'max uuid'],
    [`${real}0`, 'real id plus a digit'],
    [real.slice(0, -1), 'real id cut short'],
    [`${real}%20`, 'real id plus space'],
    [`%20${real}`, 'space plus real id'],
    [`${real}%00`, 'real id plus NUL'],
    [real.replace(/-/g, '_'), 'real id with underscores'],
    [`${real},${u}`, 'two ids'],
    ['a'.repeat(3000), '3000 chars'],
    ['9'.repeat(400), '400 digits'],
    ['1e309', 'overflowing number'],
    ['NaN', 'NaN'],
    ['%F0%9F%98%80', 'emoji'],
    ['%E2%80%AE', 'bidi override'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['%3Cscript%3E', 'script'],
    [encodeURIComponent(randomText(rng, 40)), 'random unicode'],
  ];
  // A variant of the real id that comes out as the real id (no dash to replace) is no defect.
  const named = (v: string) => {
    try {
      return decodeURIComponent(v) === real;
    } catch {
      return false;
    }
  };
  const [value, note] = rng.pick(options.filter(([v]) => !named(v)));
  return { value, note };
}

/** Query values that break `schema` (checked), raw when they carry percent escapes. */
function badQueryValues(rng: Rng, schema: JsonSchema): { value: string; raw?: boolean; note: string }[] {
  const candidates: { value: string; raw?: boolean; note: string }[] = [
    { value: '', note: 'empty' },
    { value: ' ', note: 'space' },
    { value: 'abc', note: 'word' },
    { value: '1.5', note: 'decimal' },
    { value: '-1', note: 'negative' },
    { value: '0', note: 'zero' },
    { value: 'NaN', note: 'NaN' },
    { value: 'Infinity', note: 'Infinity' },
    { value: '1e400', note: 'overflow' },
    { value: '99999999999999999999999', note: 'huge integer' },
    { value: '9007199254740993', note: 'beyond safe integer' },
    { value: 'true', note: 'true' },
    { value: 'null', note: 'null' },
    { value: 'NOT_AN_ENUM_VALUE', note: 'not in enum' },
    { value: 'a\u0000b', note: 'NUL' },
    { value: '\u0000', note: 'only NUL' },
    { value: 'x'.repeat(300), note: '300 chars' },
    { value: 'x'.repeat(20_000), note: '20k chars' },
    { value: randomText(rng, 300), note: 'random unicode' },
    { value: 'not-a-uuid', note: 'not a uuid' },
    { value: randomUuid(rng).replace(/-/g, ''), note: 'uuid without dashes' },
    { value: `${randomUuid(rng)}x`, note: 'uuid plus x' },
    { value: '!@#$', note: 'punctuation' },
    { value: '1234567', note: '7 digits' },
    { value: 'ABCDE', note: '5 letters' },
  ];
  if (schema.enum) {
    for (const e of schema.enum) {
      candidates.push(
        { value: `${String(e)} `, note: 'enum plus space' },
        { value: String(e).toUpperCase() === String(e) ? String(e).toLowerCase() : String(e).toUpperCase(), note: 'enum other case' },
      );
    }
  }
  if (schema.minimum !== undefined) candidates.push({ value: String(schema.minimum - 1), note: 'below minimum' });
  if (schema.maximum !== undefined) candidates.push({ value: String(schema.maximum + 1), note: 'above maximum' });
  if (schema.maxLength !== undefined) candidates.push({ value: 'q'.repeat(schema.maxLength + 1), note: 'one over maxLength' });
  return candidates.filter((c) => !querySatisfies(schema, c.value));
}

/** Values at the edges of what `schema` allows (largest page, longest keyword of wildcards, each enum). */
function extremeQueryValues(rng: Rng, schema: JsonSchema): { value: string; note: string }[] {
  const out: { value: string; note: string }[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') || types.includes('number')) {
    if (schema.maximum !== undefined) out.push({ value: String(schema.maximum), note: 'maximum' });
    if (schema.minimum !== undefined) out.push({ value: String(schema.minimum), note: 'minimum' });
    out.push(
      { value: '0', note: 'zero' },
      { value: ' 7 ', note: 'padded number' },
      { value: '1e2', note: 'exponent' },
      { value: '0x10', note: 'hex' },
    );
  }
  for (const e of schema.enum ?? []) out.push({ value: String(e), note: `enum ${String(e)}` });
  const max = Math.min(schema.maxLength ?? 2000, 20_000);
  const fill = (unit: string) => unit.repeat(Math.ceil(max / unit.length)).slice(0, max);
  out.push(
    { value: fill('%_\\'), note: 'wildcards at maxLength' },
    { value: fill('\'"); --'), note: 'quotes at maxLength' },
    { value: fill('é中🙂'), note: 'unicode at maxLength' },
    { value: fill(' '), note: 'spaces at maxLength' },
    { value: randomText(rng, Math.min(max, 300)), note: 'random text' },
    { value: '', note: 'empty' },
    { value: '*', note: 'star' },
    { value: ':*', note: 'tsquery syntax' },
    { value: '!(a|b)&c:*', note: 'tsquery operators' },
    { value: 'a <-> b', note: 'tsquery phrase' },
  );
  return out;
}

/** Query values that cannot be represented as valid UTF-8 text or are malformed escapes. */
const RAW_QUERY_VALUES = ['%ED%A0%80', '%FF', '%', '%E0%A4%A', '%C0%80', '%uD800', 'a%00', '%0d%0aX:%201', '%2500'];

// ---------------------------------------------------------------- valid bases

/** A value satisfying `schema`, preferring a real row's id for a property of that name. */
export function validValue(schema: JsonSchema, name: string, targets: FuzzTargets): unknown {
  const named = targets.namedValue(name, schema);
  if (named !== undefined) return named;
  if (schema.anyOf?.length) return validValue(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, name, targets);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: n }, () => validValue(schema.items ?? {}, `${name}[]`, targets));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = validValue(prop, key, targets);
      return out;
    }
    default: {
      const min = schema.minLength ?? 1;
      const text = 'fuzz value '.padEnd(Math.max(min, 8), 'x');
      return schema.maxLength !== undefined ? text.slice(0, Math.max(schema.maxLength, min)) : text;
    }
  }
}

function baseDraft(route: RouteSpec, targets: FuzzTargets): Draft {
  const path: Record<string, string> = {};
  for (const p of route.pathParams) path[p] = encodeURIComponent(targets.pathValue(route, p));
  const query = route.query.filter((q) => q.required).map((q) => ({ name: q.name, value: String(validValue(q.schema, q.name, targets)) }));
  const isAdmin = route.path.startsWith('/api/admin/');
  return {
    path,
    query,
    headers: {},
    authorization: `Bearer ${isAdmin ? targets.tokens.admin : targets.tokens.user}`,
    body: route.jsonBody ? { kind: 'json', value: validValue(route.jsonBody, 'body', targets) } : { kind: 'none' },
    labels: [],
  };
}

// ---------------------------------------------------------------- mutations

interface Mutator {
  name: string;
  /** True when every request it makes must be refused whatever else is valid. */
  refusedAlways: (route: RouteSpec) => boolean;
  applies: (route: RouteSpec) => boolean;
  weight: number;
  apply: (d: Draft, route: RouteSpec, rng: Rng, targets: FuzzTargets) => void;
}

/** Breaks one property of `value` so that it no longer satisfies `schema`; null when none would break. */
function mutateBodyValue(rng: Rng, schema: JsonSchema, value: Record<string, unknown>): string | null {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  if (!props.length) return null;
  for (let attempt = 0; attempt < 30; attempt++) {
    const [key, prop] = rng.pick(props);
    const before = value[key];
    const kind = rng.int(7);
    let note = '';
    if (kind === 0 && required.has(key)) {
      delete value[key];
      note = `missing ${key}`;
    } else if (kind === 1) {
      const w = rng.pick(WRONG_TYPES);
      value[key] = w.value;
      note = `${key}=${w.note}`;
    } else if (kind === 2) {
      const h = hostileString(rng);
      value[key] = h.value;
      note = `${key}=${h.note}`;
    } else if (kind === 3 && prop.maxLength !== undefined) {
      value[key] = 'L'.repeat(rng.chance(0.5) ? prop.maxLength + 1 : Math.max(prop.maxLength * 50, 50_000));
      note = `${key} over maxLength`;
    } else if (kind === 4 && prop.type === 'array') {
      const pick = rng.int(3);
      value[key] =
        pick === 0 ? [] : pick === 1 ? Array.from({ length: (prop.maxItems ?? 500) + 1 }, (_, i) => `X-${i}`) : [1, null, {}, '\u0000'];
      note = `${key} array ${['empty', 'too long', 'wrong items'][pick]}`;
    } else if (kind === 5 && (prop.type === 'integer' || prop.type === 'number')) {
      value[key] = rng.pick([1.5, -1e9, 1e20, Number.MAX_SAFE_INTEGER + 2, '1', 'NaN']);
      note = `${key} bad number`;
    } else if (kind === 6) {
      value[key] = deepNested(rng.pick([50, 500]));
      note = `${key} deeply nested`;
    } else continue;
    if (!satisfies(schema, value)) return note;
    if (before === undefined) delete value[key];
    else value[key] = before;
  }
  return null;
}

const BAD_JSON: (() => string | Buffer)[] = [
  () => '',
  () => '{',
  () => '}',
  () => '{"a"',
  () => '{"a":}',
  () => '{"a":1,}',
  () => "{'a':1}",
  () => '[1,2',
  () => 'nul',
  () => 'tru',
  () => 'undefined',
  () => 'NaN',
  () => '{"a":1}garbage',
  () => '{"a":1}{"b":2}',
  () => '\u0000',
  () => '{"a":"\u0000',
  () => Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d, 0x7d]),
  () => '['.repeat(20_000),
  () => `{"a":"${'x'.repeat(200_000)}`,
  () => '"unterminated',
  () => '{"__proto__":{"isAdmin":true}}',
  () => '{"constructor":{"prototype":{"isAdmin":true}}}',
  () => '{"a":1}\u0000',
  () => '\ufeff{',
  () => `[${'1,'.repeat(300_000)}1`,
  () => `{"big":"${'y'.repeat(1_100_000)}"}`,
];

const UNSUPPORTED_TYPES: [string, string | Buffer][] = [
  ['application/xml', '<a><b>1</b></a>'],
  ['text/xml', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
  ['text/html', '<html><body>x</body></html>'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00&c[]=2'],
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])],
  ['application/octet-stream', Buffer.from([0, 1, 2, 3, 255])],
  ['application/pdf', '%PDF-1.4 broken'],
  ['application/vnd.api+json', '{"data":{}}'],
  ['application/json-patch+json', '[{"op":"remove","path":"/"}]'],
  ['text/csv', 'a,b\n1,2'],
  ['foo/bar', 'x'],
  ['application/', 'x'],
  [';;;', 'x'],
  ['application/yaml', 'a: 1'],
  ['multipart/mixed; boundary=abc', '--abc\r\n\r\nx\r\n--abc--'],
  ['application/x-msgpack', Buffer.from([0x81, 0xa1, 0x61, 0x01])],
];

/** Multipart bodies whose structure is broken: no parser can get a complete part out of them. */
function brokenMultipart(rng: Rng, route: RouteSpec): { contentType: string; payload: Buffer; note: string } {
  const b = `----fuzz${hex(rng, 12)}`;
  const field = Object.keys(route.multipart?.fields ?? {})[0] ?? 'file';
  const filePart = `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 some bytes`;
  const options: (() => { contentType: string; payload: string | Buffer; note: string })[] = [
    () => ({ contentType: 'multipart/form-data', payload: `${filePart}\r\n--${b}--\r\n`, note: 'no boundary parameter' }),
    () => ({ contentType: 'multipart/form-data; boundary=', payload: `${filePart}\r\n--${b}--\r\n`, note: 'empty boundary' }),
    () => ({ contentType: `multipart/form-data; boundary=${b}`, payload: filePart, note: 'cut short in the file' }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\n`,
      note: 'cut short in the headers',
    }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello`,
      note: 'field cut short',
    }),
    () => ({ contentType: `multipart/form-data; boundary=${b}`, payload: `--${b}`, note: 'only the first boundary' }),
    () => ({ contentType: `multipart/form-data; boundary=${b}`, payload: '', note: 'empty body' }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: Buffer.from(Array.from({ length: 512 }, () => rng.int(256))),
      note: 'random bytes',
    }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\n\r\nno headers\r\n--${b}--\r\n`,
      note: 'part without headers',
    }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${b}--\r\n`,
      note: 'part without a name',
    }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${'x'.repeat(50_000)}`,
      note: '50 KB file cut short',
    }),
    () => ({
      contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      payload: `--${'b'.repeat(200)}\r\n${filePart.slice(b.length + 4)}`,
      note: '200-char boundary, cut short',
    }),
    () => ({ contentType: `multipart/form-data; boundary="${b}`, payload: filePart, note: 'unterminated quoted boundary, cut short' }),
    () => ({ contentType: `multipart/form-data; boundary=${b}; boundary=other`, payload: filePart, note: 'two boundaries, cut short' }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `${filePart}\r\n--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="b.pdf"\r\n\r\nsecond`,
      note: 'second file cut short',
    }),
    () => ({
      contentType: `multipart/form-data; boundary=${b}`,
      payload: `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n${'X-Long: y\r\n'.repeat(2000)}\r\nbody`,
      note: '2000 part headers, cut short',
    }),
  ];
  const o = rng.pick(options)();
  return { contentType: o.contentType, payload: Buffer.from(o.payload), note: o.note };
}

/** A well-formed multipart body with junk in it (may be valid for a multipart route). */
function junkMultipart(rng: Rng): { contentType: string; payload: Buffer; note: string } {
  const b = `----fuzz${hex(rng, 12)}`;
  const h = hostileString(rng);
  const name = rng.pick(['file', 'message', 'note', 'x', '', '\u0000', 'file[]', '__proto__']);
  const filename = rng.pick(['a.pdf', '../../etc/passwd', 'a\u0000.pdf', 'x'.repeat(1000), '', '.pdf', 'con.pdf', 'a"b.pdf']);
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${h.value}\r\n`),
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${rng.pick(['application/pdf', 'text/html', 'application/x-msdownload', ''])}\r\n\r\n`,
    ),
    Buffer.from(Array.from({ length: rng.int(64) }, () => rng.int(256))),
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return {
    contentType: `multipart/form-data; boundary=${b}`,
    payload,
    note: `field ${JSON.stringify(name)} filename ${JSON.stringify(filename.slice(0, 20))} message ${h.note}`,
  };
}

const JUNK_HEADERS: [string, () => string][] = [
  ['accept', () => 'application/xml'],
  ['accept', () => 'text/csv;q=abc, */*;q=-1'],
  ['accept-language', () => 'x'.repeat(4000)],
  ['accept-encoding', () => 'gzip;q=2, br;q=nan, identity;q=0'],
  ['range', () => 'bytes=999999999-0'],
  ['range', () => 'bytes=-1,-2,-3,0-,abc'],
  ['if-none-match', () => '"x", W/"y", *'],
  ['if-modified-since', () => 'not a date'],
  ['x-forwarded-for', () => '1.1.1.1, junk, ::1, 999.999.999.999'],
  ['x-forwarded-host', () => 'evil.example'],
  ['x-forwarded-proto', () => 'gopher'],
  ['x-real-ip', () => 'not-an-ip'],
  ['origin', () => 'null'],
  ['referer', () => 'javascript:alert(1)'],
  ['cookie', () => `session=${'c'.repeat(3000)}; a=%00; =b`],
  ['user-agent', () => '() { :; }; echo vulnerable'],
  ['x-http-method-override', () => 'DELETE'],
  ['content-language', () => '\u00ff\u00fe'],
  ['x-request-id', () => 'r'.repeat(2000)],
  ['expect', () => 'nonsense'],
];

const MUTATORS: Mutator[] = [
  {
    name: 'path',
    refusedAlways: () => true,
    applies: (r) => r.pathParams.length > 0,
    weight: 4,
    apply(d, route, rng, targets) {
      const param = rng.pick(route.pathParams);
      const bad = badPathValue(rng, targets.pathValue(route, param));
      d.path[param] = bad.value;
      d.labels.push(`path ${param}: ${bad.note}`);
    },
  },
  {
    name: 'query',
    refusedAlways: (r) => r.query.some((q) => q.required || badQueryValues(nullRng, q.schema).length > 0),
    applies: (r) => r.query.length > 0,
    weight: 4,
    apply(d, route, rng) {
      const q: QueryParam = rng.pick(route.query);
      const kind = rng.int(4);
      d.query = d.query.filter((p) => p.name !== q.name);
      if (kind === 0 && q.required) {
        d.labels.push(`query ${q.name} missing`);
        return;
      }
      if (kind === 1) {
        d.query.push({ name: q.name, value: 'a' }, { name: q.name, value: 'b' });
        d.labels.push(`query ${q.name} repeated`);
        return;
      }
      const bad = badQueryValues(rng, q.schema);
      if (bad.length && (kind !== 3 || route.method !== 'GET')) {
        const v = rng.pick(bad);
        d.query.push({ name: q.name, value: v.value, raw: v.raw });
        d.labels.push(`query ${q.name}: ${v.note}`);
        return;
      }
      // Malformed escapes are refused or read as some text: only reads get them on their own.
      d.query.push({ name: q.name, value: rng.pick(RAW_QUERY_VALUES), raw: true });
      d.labels.push(`query ${q.name}: raw escape`);
    },
  },
  {
    name: 'body',
    refusedAlways: () => true,
    applies: (r) => r.jsonBody !== null,
    weight: 8,
    apply(d, route, rng) {
      // A body schema with a default (`.default({})`, documented as nullable) also takes no body.
      const optional = route.jsonBody!.default !== undefined || route.jsonBody!.nullable === true;
      const whole = rng.int(10);
      if (whole === 0) {
        const w = rng.pick([...(optional ? [] : [null]), [], 'string', 0, true, [{}], 'deep']);
        // 5,000 nested arrays, written out (a value that deep would overflow any clone); an array
        // never passes for an object, where nested objects could (a schema without required keys).
        const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
        d.body = w === 'deep' ? { kind: 'raw', contentType: 'application/json', payload: Buffer.from(deep) } : { kind: 'json', value: w };
        d.labels.push(`body is ${w === 'deep' ? '5000 levels deep' : Array.isArray(w) ? 'an array' : w === null ? 'null' : typeof w}`);
        return;
      }
      if (whole === 1) {
        d.body = {
          kind: 'raw',
          contentType: rng.pick(['text/plain', 'text/plain; charset=utf-8']),
          payload: Buffer.from(JSON.stringify(d.body.kind === 'json' ? d.body.value : {})),
        };
        d.labels.push('JSON sent as text/plain');
        return;
      }
      if (whole === 2 && !optional) {
        const m = junkMultipart(rng);
        d.body = { kind: 'raw', contentType: m.contentType, payload: m.payload };
        d.labels.push(`multipart to a JSON route (${m.note})`);
        return;
      }
      const current = d.body.kind === 'json' ? d.body.value : null;
      const value = (current !== null && typeof current === 'object' && !Array.isArray(current) ? structuredClone(current) : {}) as Record<
        string,
        unknown
      >;
      if (rng.chance(0.3)) {
        value[`extra_${rng.int(1000)}`] = rng.pick(WRONG_TYPES).value;
        value.role = 'admin';
        value.id = randomUuid(rng);
        d.labels.push('extra fields');
      }
      const note = mutateBodyValue(rng, route.jsonBody!, value);
      // Without a property to break, the body goes inside an array, which no object schema takes.
      d.body = { kind: 'json', value: note === null ? [value] : value };
      d.labels.push(note === null ? 'body wrapped in an array' : `body ${note}`);
    },
  },
  {
    name: 'unparseable',
    refusedAlways: () => true,
    applies: carriesBody,
    weight: 3,
    apply(d, _route, rng) {
      if (rng.chance(0.6)) {
        const i = rng.int(BAD_JSON.length);
        const payload = BAD_JSON[i]!();
        d.body = {
          kind: 'raw',
          contentType: rng.pick(['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON']),
          payload: Buffer.from(payload),
        };
        d.labels.push(`bad JSON #${i}`);
      } else {
        const [type, payload] = rng.pick(UNSUPPORTED_TYPES);
        d.body = { kind: 'raw', contentType: type, payload: Buffer.from(payload) };
        d.labels.push(`unsupported content type ${type}`);
      }
    },
  },
  {
    name: 'multipart',
    refusedAlways: () => true,
    applies: (r) => r.multipart !== null,
    weight: 8,
    apply(d, route, rng) {
      const m = brokenMultipart(rng, route);
      d.body = { kind: 'raw', contentType: m.contentType, payload: m.payload };
      d.labels.push(`broken multipart: ${m.note}`);
    },
  },
  {
    name: 'auth',
    refusedAlways: (r) => !r.public,
    applies: () => true,
    weight: 0.5,
    apply(d, _route, rng, targets) {
      d.authorization = rng.pick(targets.badAuthorizations);
      d.labels.push(`authorization ${d.authorization.slice(0, 30)}`);
    },
  },
  {
    name: 'headers',
    refusedAlways: () => false,
    applies: () => true,
    weight: 1,
    apply(d, _route, rng) {
      for (let i = 0, n = 1 + rng.int(3); i < n; i++) {
        const [name, value] = rng.pick(JUNK_HEADERS);
        d.headers[name] = value();
        d.labels.push(`header ${name}`);
      }
    },
  },
  {
    name: 'extreme-query',
    refusedAlways: () => false,
    applies: (r) => r.query.length > 0,
    weight: 3,
    apply(d, route, rng) {
      // Several parameters at their edges at once: the largest page of the longest keyword.
      for (const q of route.query) {
        if (!rng.chance(0.6)) continue;
        const v = rng.pick(extremeQueryValues(rng, q.schema));
        d.query = d.query.filter((p) => p.name !== q.name);
        d.query.push({ name: q.name, value: v.value });
        d.labels.push(`query ${q.name}: ${v.note}`);
      }
    },
  },
  {
    name: 'extra-query',
    refusedAlways: () => false,
    applies: () => true,
    weight: 1,
    apply(d, _route, rng) {
      const h = hostileString(rng);
      d.query.push({
        name: rng.pick(['role', 'admin', '__proto__[x]', 'constructor', 'user_id', 'a[b][c]', 'x'.repeat(500)]),
        value: h.value.slice(0, 5000),
      });
      d.query.push({ name: 'junk', value: rng.pick(RAW_QUERY_VALUES), raw: true });
      d.labels.push(`extra query (${h.note})`);
    },
  },
  {
    name: 'junk-body',
    refusedAlways: () => false,
    applies: (r) => carriesBody(r) && r.jsonBody === null,
    weight: 2,
    apply(d, _route, rng) {
      const kind = rng.int(3);
      if (kind === 0) {
        const w = rng.pick(WRONG_TYPES);
        d.body = { kind: 'json', value: rng.chance(0.5) ? w.value : { unexpected: w.value, role: 'admin' } };
        d.labels.push(`unexpected JSON body (${w.note})`);
      } else if (kind === 1) {
        d.body = { kind: 'raw', contentType: 'text/plain', payload: Buffer.from(hostileString(rng).value) };
        d.labels.push('text/plain body');
      } else {
        const m = junkMultipart(rng);
        d.body = { kind: 'raw', contentType: m.contentType, payload: m.payload };
        d.labels.push(`well-formed multipart (${m.note})`);
      }
    },
  },
];

/** Mutators call badQueryValues only to know whether a value list is empty; any seed will do. */
const nullRng: Rng = { next: () => 0, int: () => 0, pick: (items) => items[0]!, chance: () => false };

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) three UTF-8 bytes instead of throwing. */
function encodeLoose(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    if (part.length !== 1 || part.charCodeAt(0) < 0xd800 || part.charCodeAt(0) > 0xdfff) return encodeURIComponent(part);
    const c = part.charCodeAt(0);
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });
}

function toInject(route: RouteSpec, d: Draft): InjectOptions {
  let url = route.path.replace(/\{([^}]+)\}/g, (_, p: string) => d.path[p] ?? '');
  if (d.query.length) url += `?${d.query.map((q) => `${encodeLoose(q.name)}=${q.raw ? q.value : encodeLoose(q.value)}`).join('&')}`;
  const headers: Record<string, string> = { ...d.headers };
  if (d.authorization !== null) headers.authorization = d.authorization;
  let payload: string | Buffer | undefined;
  if (d.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(d.body.value);
  } else if (d.body.kind === 'raw') {
    if (d.body.contentType !== null) headers['content-type'] = d.body.contentType;
    payload = d.body.payload;
  }
  return { method: route.method as InjectOptions['method'], url, headers, ...(payload !== undefined ? { payload } : {}) };
}

/**
 * `count` malformed requests for one route. Every mutator that applies is used at least once; a
 * request to a route that changes data always carries at least one defect the server must refuse
 * (a bad id, a schema violation, an unparseable body, a broken multipart body, a bad token), so a
 * changed row afterwards is a bug and not the fuzzer asking for a change.
 */
export function generateCases(route: RouteSpec, targets: FuzzTargets, rng: Rng, count: number): FuzzCase[] {
  const mutators = MUTATORS.filter((m) => m.applies(route));
  const refusing = mutators.filter((m) => m.refusedAlways(route));
  const readOnly = route.method === 'GET';
  if (!readOnly && refusing.length === 0) return [];
  const weightedFrom = (list: Mutator[]) => {
    let x = rng.next() * list.reduce((sum, m) => sum + m.weight, 0);
    for (const m of list) if ((x -= m.weight) < 0) return m;
    return list[list.length - 1]!;
  };
  const weighted = () => weightedFrom(mutators);
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const d = baseDraft(route, targets);
    const primary = i < mutators.length ? mutators[i]! : weighted();
    // Combinations reach code paths a single defect does not (a bad id and a bad body at once).
    // The defect that must be refused goes last, so nothing applied after it can undo it.
    const plan = rng.chance(0.2) ? [weighted(), primary] : [primary];
    if (!readOnly && !primary.refusedAlways(route)) plan.push(weightedFrom(refusing));
    for (const m of plan) m.apply(d, route, rng, targets);
    cases.push({ index: i, label: d.labels.join('; '), inject: toInject(route, d) });
  }
  return cases;
}
