import { afterEach, describe, expect, it } from 'vitest';
import { isBuiltIn, useNativeJson } from './native-json';

// pdf.js's bundled core-js replaces JSON.stringify process-wide; the server puts the engine's back.
const before = { stringify: JSON.stringify, parse: JSON.parse };
afterEach(() => {
  JSON.stringify = before.stringify;
  JSON.parse = before.parse;
});

const sample = {
  a: 1,
  s: 'lone \ud800 surrogate',
  d: new Date(Date.UTC(2026, 10, 28)),
  u: undefined,
  n: [1, null, { t: true }],
  j: { toJSON: () => 'mine' },
};

describe('the engine JSON functions', () => {
  it('tells a built-in from a replacement', () => {
    expect(isBuiltIn(Math.max)).toBe(true);
    expect(isBuiltIn(function stringify() {})).toBe(false);
  });

  it('puts the built-in stringify back after a library wrapped it, with the same output', () => {
    const expected = JSON.stringify(sample);
    const wrapped = before.stringify;
    // What core-js does: a plain function calling the original with a replacer for every key.
    JSON.stringify = function stringify(value: unknown, _replacer?: unknown, space?: string | number) {
      return wrapped(value, (_key, v: unknown) => v, space);
    } as typeof JSON.stringify;
    expect(isBuiltIn(JSON.stringify)).toBe(false);
    expect(useNativeJson()).toBe(true);
    expect(isBuiltIn(JSON.stringify)).toBe(true);
    expect(JSON.stringify(sample)).toBe(expected);
    expect(JSON.stringify(sample, null, 2)).toBe(before.stringify(sample, null, 2));
  });

  it('leaves the process with the built-in stringify after pdf.js is loaded', async () => {
    await import('pdfjs-dist/legacy/build/pdf.mjs');
    expect(useNativeJson()).toBe(true);
    expect(isBuiltIn(JSON.stringify)).toBe(true);
    expect(JSON.stringify(sample)).toBe(
      '{"a":1,"s":"lone \\ud800 surrogate","d":"2026-11-28T00:00:00.000Z","n":[1,null,{"t":true}],"j":"mine"}',
    );
    expect(JSON.parse('{"x":[1,"y"]}')).toEqual({ x: [1, 'y'] });
  });
});
