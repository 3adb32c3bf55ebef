/**
 * Path segments whose next segment is a secret: the invite token of `/join/{token}` (the SPA page
 * and `/api/join/{token}[/accept|/register]`) and the reset token of `/reset-password/{token}` (the
 * SPA page the mailed link opens), and the feed token of `/api/calendar/{token}.ics` (issue 26:
 * its ".ics" would keep it from looking like a token). Each link alone lets its holder join a
 * workspace, take over an account or read a user's dates, so none may reach a log line (issue 21
 * item 15).
 */
const SECRET_AFTER = new Set(['join', 'reset-password', 'calendar']);

/**
 * A segment shaped like a bearer secret (32 random bytes are 43 base64url characters), on any
 * route, including one added later without a rule here. UUIDs (row ids, kept for debugging) and
 * file names with a dot (hashed assets) do not match.
 */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A request URL fit for a log line: query values are dropped (reset tokens and passwords travel in
 * queries, SPEC §7), the segment after `join` or `reset-password` (in any letter case or percent
 * encoding) is masked, and so is any segment that looks like a token.
 */
export function logSafeUrl(url: string): string {
  const cut = url.indexOf('?');
  const path = cut === -1 ? url : url.slice(0, cut);
  const query = cut === -1 ? undefined : url.slice(cut + 1);
  const segments = path.split('/');
  const masked = segments
    .map((segment, i) => {
      const previous = i > 0 ? decoded(segments[i - 1]!).toLowerCase() : '';
      if (SECRET_AFTER.has(previous) && segment !== '') return '[token]';
      const plain = decoded(segment);
      return TOKEN_LIKE.test(plain) && !UUID.test(plain) ? '[token]' : segment;
    })
    .join('/');
  if (query === undefined) return masked;
  const keys = query
    .split('&')
    .map((pair) => pair.split('=', 1)[0])
    .filter(Boolean);
  return `${masked}?${keys.map((k) => `${k}=[redacted]`).join('&')}`;
}
