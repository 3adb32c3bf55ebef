import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/**
 * `npm install` warns EBADENGINE when an installed package wants a Node the product's declared
 * engine range allows to be absent. Every locked package's engines.node must contain the range we
 * declare, so whatever Node we say we run on, every dependency runs on it too.
 */
describe('Node engine', () => {
  it('every locked package supports the whole declared Node range', () => {
    const declared: string = read('package.json').engines.node;
    const lock = read('package-lock.json') as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
    const unsupported = Object.entries(lock.packages)
      .filter(([name, pkg]) => name !== '' && pkg.engines && !Array.isArray(pkg.engines) && pkg.engines.node)
      .filter(([, pkg]) => !semver.subset(declared, (pkg.engines as { node: string }).node))
      .map(([name, pkg]) => `${name.replace(/^.*node_modules\//, '')}@${pkg.version} wants ${(pkg.engines as { node: string }).node}`);
    expect(unsupported).toEqual([]);
  });

  it('the Node running the tests is within the declared range', () => {
    expect(semver.satisfies(process.version, read('package.json').engines.node)).toBe(true);
  });
});
