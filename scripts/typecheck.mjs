// Typechecks every workspace that has a tsconfig.json, plus e2e/, one `tsc -p` each.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['packages', 'apps']
  .flatMap((dir) => readdirSync(path.join(root, dir)).map((name) => path.join(dir, name)))
  .concat(['e2e', 'bench'])
  .filter((p) => existsSync(path.join(root, p, 'tsconfig.json')));

let failed = false;
for (const project of projects) {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
    cwd: root,
    stdio: 'inherit',
  });
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${project}`);
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
