import { ErrorBodySchema } from '@biddesk/shared';
import { getToken } from './session';

/** An API failure: the HTTP status and the server's `detail` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** The server's machine-readable code (e.g. SESSION_ENDED), when it sent one. */
    readonly code: string | null = null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
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
}

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

/** One fetch wrapper for the whole app: bearer token, JSON in and out, ApiError on failure. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const response = await send(path, opts);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file from the API (GET), with the name the server's Content-Disposition gives it. */
export async function apiDownload(path: string, query?: Query): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, { query });
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = opts.anonymous ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    let detail: string | null = null;
    let code: string | null = null;
    try {
      const parsed = ErrorBodySchema.safeParse(await response.json());
      if (parsed.success) {
        detail = parsed.data.detail;
        code = parsed.data.code ?? null;
      }
    } catch {
      // Not JSON: keep the fallback.
    }
    if (response.status === 401 && token) unauthorizedListeners.forEach((l) => l(code));
    throw new ApiError(response.status, detail, code);
  }
  return response;
}
