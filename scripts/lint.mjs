// `npm run lint`: eslint, the type check of every workspace and Prettier's format check. Each check is one single-threaded
// process, so they run side by side, as many at a time as the machine has cores (CI has two),
// longest first; each one's output is printed whole when it ends. Fails when any check fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);

/** Longest first (seconds each took, two at a time on the development machine: 43, 41, 38, 34, 19, 15). */
const checks = [
  ['tsc apps/api', bin('tsc'), ['-p', 'apps/api', '--noEmit']],
  ['tsc apps/web', bin('tsc'), ['-p', 'apps/web', '--noEmit']],
  ['eslint', bin('eslint'), ['.']],
  ['tsc bench', bin('tsc'), ['-p', 'bench', '--noEmit']],
  ['tsc e2e', bin('tsc'), ['-p', 'e2e', '--noEmit']],
  ['tsc packages/domain', bin('tsc'), ['-p', 'packages/domain', '--noEmit']],
  ['prettier', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['import cycles', process.execPath, [join(root, 'scripts/cycles.mjs')]],
];

const run = ([label, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✖'} ${label} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });

const queue = [...checks];
const worker = async () => {
  let ok = true;
  for (let check = queue.shift(); check; check = queue.shift()) ok = (await run(check)) && ok;
  return ok;
};
const results = await Promise.all(Array.from({ length: Math.min(availableParallelism(), checks.length) }, worker));
if (results.includes(false)) {
  console.error('✖ lint failed');
  process.exit(1);
}
