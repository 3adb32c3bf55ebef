/**
 * A request URL fit for a log line: query values are dropped (reset tokens and passwords travel
 * in queries, SPEC §7) and the invite token of /api/join/{token} is masked, since that link alone
 * lets its holder join a workspace.
 */
export function logSafeUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const masked = path.replace(/\/join\/[^/]+/, '/join/[token]');
  if (query === undefined) return masked;
  const keys = query
    .split('&')
    .map((pair) => pair.split('=', 1)[0])
    .filter(Boolean);
  return `${masked}?${keys.map((k) => `${k}=[redacted]`).join('&')}`;
}
