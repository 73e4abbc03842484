// Browser tests: system Chromium, a fresh web build, then vitest's e2e project, where each
// test file starts the real server on a free port with its own embedded database.
//
// `--ci-set` (what `npm test`, and so CI, runs): the files in CI_CORE, plus ROTATING of the others
// chosen by the commit, so that successive commits cycle through all of them. The whole browser
// suite takes about 40 minutes on CI's two cores, beyond CI's 30-minute budget for everything;
// `npm run test:e2e` runs all of it (docs/decisions.md, "Browser tests in CI").
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';

/**
 * Every screen's accessibility and keyboard use, signing in, the payment engine, the write path's
 * browser proof and error codes. A closed issue's own proofs join the rotation (issues 34, 35,
 * 36 and 38: reconciliation, four-eyes*, review*, test-mode).
 */
const CI_CORE = ['accessibility', 'keyboard', 'sign-in', 'identity', 'engine', 'configuration-2', 'error-codes'];
const ROTATING = 2;

const ciSet = () => {
  const all = readdirSync('e2e/tests')
    .filter((file) => file.endsWith('.e2e.ts'))
    .sort();
  const core = all.filter((file) => CI_CORE.includes(file.replace(/\.e2e\.ts$/, '')));
  const rest = all.filter((file) => !core.includes(file));
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || String(Date.now());
  const start = createHash('sha256').update(head).digest().readUInt32BE(0) % Math.max(rest.length, 1);
  const rotating = Array.from({ length: Math.min(ROTATING, rest.length) }, (_, i) => rest[(start + i) % rest.length]);
  console.log(`▶ browser tests in CI: ${core.length} core files and, this commit, ${rotating.join(', ')}`);
  return [...core, ...rotating].map((file) => `e2e/tests/${file}`);
};

const args = process.argv.slice(2);
const files = args.includes('--ci-set') ? ciSet() : [];
const chromium = ensureChromium();
const build = spawnSync('node', ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'e2e', ...args.filter((arg) => arg !== '--ci-set'), ...files],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(result.status ?? 1);
