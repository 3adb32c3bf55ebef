import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { badRequest, upstreamFailed } from './errors';

export interface DownloadOptions {
  /** Allow loopback, private, link-local and other non-public addresses (tests, intranets). */
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

/** True for an address a server-side fetch must not reach by default (SSRF). */
export function isNonPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  // process() turns ::ffff:127.0.0.1 into 127.0.0.1 so a mapped address cannot hide loopback.
  return ipaddr.process(address).range() !== 'unicast';
}

/**
 * Checks every address a host name resolves to at connect time, so neither a private literal,
 * a name pointing inside, nor a DNS answer that changes after a first check gets through.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const blocked = !allowPrivate && list.find((a) => isNonPublicAddress(a.address));
      if (blocked) {
        const e = Object.assign(new Error(`blocked address ${blocked.address}`), { code: 'EBLOCKED' });
        return callback(e, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Parses and vets a user-given URL: http(s) only, and no private address literal. */
export function parseDownloadUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('CSV URL must be a valid http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('CSV URL must be a valid http or https URL');
  if (url.username || url.password) throw badRequest('CSV URL must not contain credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (ipaddr.isValid(host) && isNonPublicAddress(host)))) {
    throw badRequest('CSV URL must not point at a private or loopback address');
  }
  return url;
}

/**
 * Opens a download as a byte stream with the SSRF guard, a redirect limit, a size limit (the
 * stream errors once it passes maxBytes) and an overall time limit.
 */
export async function openDownload(raw: string, opts: DownloadOptions): Promise<Readable> {
  let url = parseDownloadUrl(raw, opts.allowPrivate);
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  for (let redirects = 0; ; redirects++) {
    const response = await request(url, opts.allowPrivate, signal, deadline, opts.timeoutMs);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= (opts.maxRedirects ?? 3)) throw upstreamFailed('CSV download failed: too many redirects');
      url = parseDownloadUrl(new URL(response.headers.location, url).toString(), opts.allowPrivate);
      continue;
    }
    if (status !== 200) {
      response.resume();
      // 4xx: the URL is wrong (missing file, no access), the user's to fix; 5xx: the server failed.
      const failed = `CSV download failed: the server answered HTTP ${status}`;
      throw status >= 400 && status < 500 ? badRequest(failed) : upstreamFailed(failed);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > opts.maxBytes) {
      response.destroy();
      throw tooLarge(opts.maxBytes);
    }
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > opts.maxBytes) response.destroy(tooLarge(opts.maxBytes));
    });
    return response;
  }
}

const tooLarge = (max: number) => badRequest(`CSV file is larger than the ${(max / 1_048_576).toFixed(1)} MB limit`);

const TLS_CODE = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID|ERR_SSL_)/;

/**
 * Why no answer came, as the admin can act on it (issue 21 item 10): a host that does not exist,
 * refuses, cannot be reached or never answers, or a certificate that is not valid, is a wrong URL
 * (400 with the reason), not a failure of ours or of a server that answered (502).
 */
function noAnswer(err: NodeJS.ErrnoException, url: URL, deadline: AbortSignal, timeoutMs: number) {
  const host = url.hostname;
  const at = `${host}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  if (err.code === 'EBLOCKED') return badRequest('CSV URL must not point at a private or loopback address');
  if (deadline.aborted) return badRequest(`CSV download failed: ${host} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  if (err.name === 'AbortError') return upstreamFailed('CSV download was stopped');
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'EAI_NODATA')
    return badRequest(`CSV download failed: the host ${host} was not found`);
  if (err.code === 'ECONNREFUSED') return badRequest(`CSV download failed: nothing answers at ${at} (connection refused)`);
  if (err.code === 'EHOSTUNREACH' || err.code === 'ENETUNREACH' || err.code === 'ETIMEDOUT')
    return badRequest(`CSV download failed: ${host} cannot be reached`);
  if (err.code && TLS_CODE.test(err.code)) return badRequest(`CSV download failed: the certificate of ${host} is not valid (${err.code})`);
  return upstreamFailed(`CSV download failed: ${err.message}`);
}

function request(
  url: URL,
  allowPrivate: boolean,
  signal: AbortSignal,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: guardedLookup(allowPrivate), signal, headers: { 'user-agent': 'BidDesk importer' } }, resolve);
    req.on('error', (err: NodeJS.ErrnoException) => reject(noAnswer(err, url, deadline, timeoutMs)));
  });
}
