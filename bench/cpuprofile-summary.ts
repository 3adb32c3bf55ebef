import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * npx tsx bench/cpuprofile-summary.ts <file.cpuprofile | dir> [--top 40] [--by function|file]
 *                                  [--last-ms 10000] [--inclusive]
 *   Sums the self time of a V8 CPU profile (node --cpu-prof, as bench/load.ts --server-node-args
 *   writes them) by function (name, file, line) or by file, and prints each as a share of the
 *   non-idle samples: where a request's CPU goes. --last-ms keeps only the samples of the profile's
 *   last milliseconds (the measurement, without start-up's module loading); --inclusive counts
 *   each function's callees too (each sample once per distinct function on its stack). "(idle)" and "(program)" are left out of the
 *   share; "(garbage collector)" is kept (a request's allocations pay for it). A directory means
 *   its largest .cpuprofile (the main
 *   thread's: workers that only wait write small ones).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '40' },
    by: { type: 'string', default: 'function' },
    'last-ms': { type: 'string' },
    inclusive: { type: 'boolean', default: false },
  },
});
let file = positionals[0];
if (!file) throw new Error('usage: npx tsx bench/cpuprofile-summary.ts <file.cpuprofile | dir>');
if (statSync(file).isDirectory()) {
  const largest = readdirSync(file)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(file, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!largest) throw new Error(`no .cpuprofile in ${file}`);
  file = largest;
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
// Sample times from the deltas, to keep only the last --last-ms.
const times: number[] = [];
profile.timeDeltas.reduce((t, dt, i) => (times[i] = t + dt), 0);
const from = values['last-ms'] ? (times.at(-1) ?? 0) - Number(values['last-ms']) * 1000 : -Infinity;

/** A short file label: the package for node_modules, the path under the repo otherwise. */
function fileLabel(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const repo = url.indexOf('/apps/');
  return repo !== -1 ? url.slice(repo + 1) : url.replace(/^file:\/\//, '');
}

const selfUs = new Map<string, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const dt = profile.timeDeltas[i] ?? 0;
  if (!node || times[i] < from) return;
  const { functionName } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') {
    idle += dt;
    return;
  }
  total += dt;
  const keys = new Set<string>();
  for (let at: ProfileNode | undefined = node; at; at = values.inclusive ? byId.get(parentOf.get(at.id) ?? -1) : undefined) {
    const frame = at.callFrame;
    if (frame.functionName === '(root)') break;
    keys.add(
      values.by === 'file'
        ? fileLabel(frame.url)
        : `${frame.functionName || '(anonymous)'}  ${fileLabel(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`,
    );
  }
  for (const key of keys) selfUs.set(key, (selfUs.get(key) ?? 0) + dt);
});

console.log(`${file}\nnon-idle ${(total / 1000).toFixed(0)} ms, idle/program ${(idle / 1000).toFixed(0)} ms`);
const rows = [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
process.stdout.on('error', () => process.exit(0));
for (const [key, us] of rows)
  console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
