/**
 * True when `target` is a path inside this app and nothing else: it starts with one "/", and a
 * browser resolving it against any page of the app stays on the app's origin. Refused: "//host"
 * and "/\host" (browsers read both as another host), schemes ("javascript:", "https:"), and
 * control characters (a URL parser drops tabs and newlines, so "/\t/host" would become "//host").
 */
export function isInAppPath(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return false;
  for (let i = 0; i < target.length; i += 1) {
    const c = target.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  try {
    const base = 'https://in-app.invalid';
    return new URL(target, base).origin === base;
  } catch {
    return false;
  }
}
