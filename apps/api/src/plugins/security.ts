import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import helmet from 'helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUnsafeText } from '@biddesk/shared';
import { badRequest } from '../lib/errors';

/**
 * The Content-Security-Policy of the web app and the API. Scripts only from our own origin (the
 * Vite build has no inline script). Styles also allow inline: Mantine writes its theme variables
 * and responsive style props into <style> elements at run time; a nonce would need the HTML to be
 * rendered per request, which the static SPA serving does not do. Nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The options helmet is given: the CSP above, frames denied, resources same-origin, its other defaults. */
export const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY, 'upgrade-insecure-requests': null } },
  frameguard: { action: 'deny' },
  // Downloads and the API are same-origin; nothing here is meant to be embedded by other sites.
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/** What helmet does to a response: the headers it sets, in order, and those it removes. */
export interface SecurityHeaders {
  set: [name: string, value: string | string[]][];
  removed: string[];
}

/**
 * Runs helmet once on a recording response. None of our options depends on the request (no CSP
 * nonce or function directive), so every answer gets exactly these: recorded at start instead of
 * helmet's 12 middlewares rebuilding the CSP string on every request (issue 25 item 7).
 */
export function recordSecurityHeaders(options: Parameters<typeof helmet>[0] = HELMET_OPTIONS): SecurityHeaders {
  const recorded: SecurityHeaders = { set: [], removed: [] };
  const response = {
    setHeader: (name: string, value: string | string[]) => void recorded.set.push([name, value]),
    removeHeader: (name: string) => void recorded.removed.push(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => void (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return recorded;
}

/**
 * Security headers on every answer (helmet): the CSP above, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy and the rest of helmet's defaults. No
 * upgrade-insecure-requests: a self-hosted server on plain http (a LAN address) must keep working.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Recorded once (see recordSecurityHeaders), set on the raw response as helmet would: an answer
  // written past Fastify's reply still carries them. Sync hooks: no promise per request.
  const { set, removed } = recordSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
  // API answers carry session tokens (login, register, reset, change password) and personal data
  // (me, users, members, invites...): no browser or proxy cache may keep them (issue 21 item 24).
  // An answer that set its own policy (downloads: private, no-store) keeps it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request.raw.url ?? '').startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * Refuses a NUL or an unpaired surrogate anywhere in a request's params, query or JSON body with
 * a 400 naming the field. It runs after validation, so a field the contracts declare gets the
 * shared text schema's message ("Title must not contain a NUL character"); this catches every
 * other string a route accepts (ids in paths, routes with their own small schemas), so none of
 * them reaches the database and fails there as a 500.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A sync hook (no promise per request) and no array of parts built per request.
  const check = (part: string, value: unknown) => {
    const found = findUnsafeText(value);
    if (found) throw badRequest(`${found.path ? `${found.path} (${part})` : `The ${part}`} ${found.problem}`);
  };
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      check('path', request.params);
      check('query', request.query);
      check('body', request.body);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

const CLIENT_ERROR_DETAIL: Record<number, string> = {
  400: 'Malformed request',
  408: 'The request took too long to arrive',
  413: 'The request is too large',
  414: 'The request URL is too long',
  431: 'The request headers are too large',
};

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers too large, malformed
 * request line, timeouts): answered as `{detail, code}` like every other error, with
 * `Connection: close`, since the socket is closed right after.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
  const body = JSON.stringify({ detail: CLIENT_ERROR_DETAIL[status], code: 'VALIDATION' });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Fastify's router errors that bypass the error handler (a path that is not valid percent-encoding,
 * a path parameter over the length limit), answered as `{detail, code}`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: 'The request URL is not valid (bad percent-encoding)', code: 'VALIDATION' });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ detail: 'The request URL is too long', code: 'VALIDATION' });
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ detail: error.message || 'Bad request', code: 'VALIDATION' });
}
