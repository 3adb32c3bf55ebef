import { describe, expect, it } from 'vitest';
import { trustProxyWarning } from './trust-proxy-warning';

describe('trustProxyWarning', () => {
  it('warns when a hop count is trusted on a public interface', () => {
    expect(trustProxyWarning({ TRUST_PROXY: 1, HOST: '0.0.0.0' })).toMatch(
      /^TRUST_PROXY=1 trusts X-Forwarded-For from any client, and HOST=0\.0\.0\.0/,
    );
    expect(trustProxyWarning({ TRUST_PROXY: 2, HOST: '::' })).not.toBeNull();
  });

  it('is quiet on loopback, with proxy addresses, or without TRUST_PROXY', () => {
    expect(trustProxyWarning({ TRUST_PROXY: 1, HOST: '127.0.0.1' })).toBeNull();
    expect(trustProxyWarning({ TRUST_PROXY: 1, HOST: '::1' })).toBeNull();
    expect(trustProxyWarning({ TRUST_PROXY: ['10.0.0.0/8'], HOST: '0.0.0.0' })).toBeNull();
    expect(trustProxyWarning({ TRUST_PROXY: false, HOST: '0.0.0.0' })).toBeNull();
  });
});
