// `npm test`: unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is
// set, followed by the reliability proofs), then the browser tests against the real server.
import { spawnSync } from 'node:child_process';

const run = (label, command, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
};

const projects = ['domain', 'web', 'api', ...(process.env.TEST_DATABASE_URL ? ['api-pg'] : [])];
run(`unit and API tests (${projects.join(', ')})`, 'npx', [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
]);
// The reliability proofs (tenant matrix, fuzzing, money races, faults, abuse) need PostgreSQL:
// their own step, so a failure names them; the figures stay in .reliability/ (docs/reliability.md
// is written only by `npm run test:reliability`).
if (process.env.TEST_DATABASE_URL)
  run('reliability proofs (PostgreSQL)', 'node', ['scripts/reliability.mjs', '--figures-only']);
run('browser tests', 'node', ['scripts/e2e.mjs', '--ci-set']);
