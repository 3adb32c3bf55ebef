import { z } from 'zod';

/**
 * In a browser, zod must not compile parsers with `new Function`: the app's Content-Security-Policy
 * has no 'unsafe-eval', and zod's probe for eval alone is reported as a violation. zod decides
 * when a schema is built, so this runs first: the package index imports it before any contract.
 * The server keeps the compiled (faster) parsers.
 */
if (typeof window !== 'undefined' && typeof document !== 'undefined') z.config({ jitless: true });
