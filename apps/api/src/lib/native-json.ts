import vm from 'node:vm';

/**
 * The engine's own JSON.stringify and JSON.parse for the server (issue 25 item 7).
 *
 * pdfjs-dist's legacy build (loaded on the main thread through @biddesk/analysis) bundles core-js,
 * which replaces the process's global JSON.stringify and JSON.parse with wrappers for
 * `JSON.rawJSON` / parse-with-source, features Node 20 lacks. The wrapped stringify calls a
 * JavaScript replacer for every key of every value: a listing page took ~409 µs instead of ~31 µs,
 * and the same tax fell on every answer the serializer writes, every log line and every cache key.
 * Nothing in the server uses rawJSON or a reviver's source context, so the server puts the
 * engine's own functions back once its modules are loaded (buildApp calls `useNativeJson`).
 *
 * This module is imported first by server.ts and app.ts so it captures the functions before
 * pdf.js loads. When something loaded pdf.js earlier still (a test importing the analysis package
 * first), stringify is taken from a fresh V8 context instead: the same engine code, same output.
 */

/** An engine built-in has no own `prototype`; core-js's replacements are plain functions that do. */
export function isBuiltIn(fn: (...args: never[]) => unknown): boolean {
  return !Object.prototype.hasOwnProperty.call(fn, 'prototype');
}

const captured = { stringify: JSON.stringify, parse: JSON.parse };

/** The engine's stringify: the one captured at load, else a fresh context's. */
function nativeStringify(): typeof JSON.stringify {
  if (isBuiltIn(captured.stringify)) return captured.stringify;
  return vm.runInNewContext('JSON.stringify') as typeof JSON.stringify;
}

/**
 * Puts the engine's JSON functions back where a library replaced them; returns true when stringify
 * is the engine's afterwards. Parse is restored only from the capture (a fresh context's parse
 * would build objects of that context): core-js's parse wrapper only costs when given a reviver.
 */
export function useNativeJson(): boolean {
  if (!isBuiltIn(JSON.stringify)) JSON.stringify = nativeStringify();
  if (!isBuiltIn(JSON.parse) && isBuiltIn(captured.parse)) JSON.parse = captured.parse;
  return isBuiltIn(JSON.stringify);
}
