import { z } from 'zod';

/**
 * Text every input must be: no NUL (PostgreSQL text cannot hold U+0000, so it would fail as a
 * 500 deep in a query) and no unpaired UTF-16 surrogate (not Unicode, so it cannot be encoded as
 * UTF-8 and would be stored as U+FFFD or refused by the driver).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` is not acceptable text, or null when it is. */
export function unsafeTextProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must not contain an unpaired surrogate (invalid Unicode)';
  return null;
}

/**
 * The first string inside `value` (an object, array or string, as a request's body, query or
 * params arrive) that is not acceptable text, with where it is, e.g. `{ path: 'title', problem }`.
 */
export function findUnsafeText(value: unknown, path = '', depth = 0): { path: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = unsafeTextProblem(value);
    return problem ? { path, problem } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const keyProblem = unsafeTextProblem(key);
    if (keyProblem) return { path: path || 'A field name', problem: keyProblem };
    const found = findUnsafeText(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The one schema of text a client sends (bodies, queries, params): a string with neither NUL nor
 * an unpaired surrogate. `label` names the field in the message ("Title must not contain a NUL
 * character"); chain `.trim()`, `.min()`, `.max()` as usual.
 */
export function safeText(label: string, requiredMessage?: string) {
  return z.string(requiredMessage ? { error: requiredMessage } : undefined).superRefine((value, ctx) => {
    const problem = unsafeTextProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
  });
}
