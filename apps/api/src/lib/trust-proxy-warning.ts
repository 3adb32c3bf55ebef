import type { Config } from '../config';

const LOOPBACK = /^(127\.|::1$|localhost$)/;

/**
 * What the start says when TRUST_PROXY is a hop count while the server listens on more than the
 * loopback interface (issue 21 item 24): Fastify then takes the address `n` hops back in
 * X-Forwarded-For from whoever connects, so a client reaching the port directly picks its own
 * address and every per-address limit with it. Safe setups: HOST=127.0.0.1 behind a proxy on the
 * same host, or TRUST_PROXY naming the proxy's addresses instead of a count. Null when fine.
 */
export function trustProxyWarning(config: Pick<Config, 'TRUST_PROXY' | 'HOST'>): string | null {
  if (typeof config.TRUST_PROXY !== 'number' || config.TRUST_PROXY === 0) return null;
  if (LOOPBACK.test(config.HOST)) return null;
  return (
    `TRUST_PROXY=${config.TRUST_PROXY} trusts X-Forwarded-For from any client, and HOST=${config.HOST} lets clients connect directly: ` +
    `they can then choose the address the rate limits see. Bind HOST=127.0.0.1 behind a proxy on this host, firewall the port so only the proxy reaches it, ` +
    `or set TRUST_PROXY to the proxy's addresses (e.g. 10.0.0.0/8) instead of a hop count.`
  );
}
