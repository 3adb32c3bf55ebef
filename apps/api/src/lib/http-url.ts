/**
 * `value` when it is an absolute http(s) URL, else null. Opportunity links come from imported files
 * and SAM.gov and are rendered as links: `javascript:`, `data:` or any other scheme would run or
 * load something in the reader's session (issue 21 item 24), so only http and https pass.
 */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : null;
  } catch {
    return null;
  }
}
