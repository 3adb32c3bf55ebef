import { ErrorBodySchema } from '@biddesk/shared';
import { z } from 'zod';
import { getToken } from './session';

/** What the caller sees when a 2xx answer is not JSON or not the shape the contract promises. */
export const UNEXPECTED_RESPONSE = 'Unexpected response from the server';

/** An API failure: the HTTP status and the server's `detail` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** The server's machine-readable code (e.g. SESSION_ENDED), when it sent one. */
    readonly code: string | null = null,
    /** Why a 2xx answer was refused (the zod issues), for the console and tests. */
    cause?: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`, { cause });
    this.name = 'ApiError';
  }
}

/** A call cancelled through its AbortSignal (a DOMException, whichever realm made it). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** The message to show: the server's detail when present, otherwise the SPEC fallback (SPEC §7). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send no bearer token: public calls SPEC §6 names (NDA current, join by code). */
  anonymous?: boolean;
  /** Report how much of the body is sent, 0-100 (uploads): the call then goes by XMLHttpRequest. */
  onUploadProgress?: UploadProgress;
}

/** Upload progress: the share of the body sent, 0-100 (100 means the server is now processing it). */
export type UploadProgress = (percent: number) => void;

/**
 * Listeners told when any call answers 401 (the session provider logs out), with the server's code:
 * SESSION_ENDED when a password change or reset ended the session.
 */
const unauthorizedListeners = new Set<(code: string | null) => void>();
export function onUnauthorized(listener: (code: string | null) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Builds `/api<path>?query`, dropping null and undefined values. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/**
 * One fetch wrapper for the whole app: bearer token, JSON in and out, ApiError on failure. Given the
 * response's schema from packages/shared, the answer is parsed, not cast: one that does not match
 * rejects with an ApiError saying so (the caller's usual error state or toast), instead of failing
 * later wherever a missing field is first read.
 */
export function apiRequest<S extends z.ZodType>(path: string, schema: S, opts?: RequestOptions): Promise<z.output<S>>;
/** A call with no shared response schema (or none read): typed by the caller, not checked. */
export function apiRequest<T>(path: string, opts?: RequestOptions): Promise<T>;
export async function apiRequest(path: string, schemaOrOpts?: z.ZodType | RequestOptions, maybeOpts?: RequestOptions): Promise<unknown> {
  const schema = schemaOrOpts instanceof z.ZodType ? schemaOrOpts : null;
  const opts = (schemaOrOpts instanceof z.ZodType ? maybeOpts : schemaOrOpts) ?? {};
  let status: number;
  let text: string;
  if (opts.onUploadProgress) {
    ({ status, text } = await sendWithProgress(path, opts, opts.onUploadProgress));
  } else {
    const response = await send(path, opts);
    status = response.status;
    text = status === 204 ? '' : await response.text();
  }
  const body = readJson(status, text);
  if (!schema) return body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(status, UNEXPECTED_RESPONSE, 'UNEXPECTED_RESPONSE', parsed.error);
  return parsed.data;
}

/** The answer's JSON (undefined when empty); text that is not JSON is an unexpected response. */
function readJson(status: number, text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(status, UNEXPECTED_RESPONSE, 'UNEXPECTED_RESPONSE', error);
  }
}

/** A file from the API (GET), with the name the server's Content-Disposition gives it. */
export async function apiDownload(path: string, query?: Query): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, { query });
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** Headers and body of a call: the bearer token unless anonymous, JSON unless the body is a FormData. */
function prepare(opts: RequestOptions): { headers: Record<string, string>; body: FormData | string | undefined; token: string | null } {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = opts.anonymous ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: FormData | string | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return { headers, body, token };
}

/**
 * The ApiError for a failed answer, with the server's detail and code when it sent them. Every path
 * (fetch or upload) ends here, so a 401 to a signed-in call signs out the same way everywhere.
 */
async function failure(status: number, readJson: () => Promise<unknown>, token: string | null): Promise<ApiError> {
  let detail: string | null = null;
  let code: string | null = null;
  try {
    const parsed = ErrorBodySchema.safeParse(await readJson());
    if (parsed.success) {
      detail = parsed.data.detail;
      code = parsed.data.code ?? null;
    }
  } catch {
    // Not JSON: keep the fallback.
  }
  if (status === 401 && token) unauthorizedListeners.forEach((l) => l(code));
  return new ApiError(status, detail, code);
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const { headers, body, token } = prepare(opts);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if (isAbortError(err)) throw err;
    throw new ApiError(0, null);
  }
  if (!response.ok) throw await failure(response.status, () => response.json(), token);
  return response;
}

/**
 * The same call sent with XMLHttpRequest, whose upload events report progress (fetch has none);
 * resolves with the answer's status and text. 100 means the file is sent and the server is now working on it.
 */
function sendWithProgress(path: string, opts: RequestOptions, onProgress: UploadProgress): Promise<{ status: number; text: string }> {
  const { headers, body, token } = prepare(opts);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', apiUrl(path, opts.query));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ status: xhr.status, text: xhr.status === 204 ? '' : xhr.responseText });
      void failure(xhr.status, async () => JSON.parse(xhr.responseText) as unknown, token).then(reject);
    };
    if (opts.signal) {
      if (opts.signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      opts.signal.addEventListener(
        'abort',
        () => {
          xhr.abort();
          reject(new DOMException('Aborted', 'AbortError'));
        },
        { once: true },
      );
    }
    xhr.send(body ?? null);
  });
}
