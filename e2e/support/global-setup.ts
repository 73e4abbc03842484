import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.ts';

/**
 * Builds the demo world once for the whole browser-test run: a real server starts on an empty
 * data directory, creates its demo world, and is stopped cleanly; every test file's server then
 * starts on a copy of that directory (see startServer). The copy is removed after the run.
 */
export default async function setup(): Promise<() => void> {
  // The servers run the compiled API (server.ts): build it first when a source is newer.
  execFileSync(process.execPath, ['scripts/api-build.mjs', '--if-stale'], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: 'inherit',
  });
  const server = await startServer({}, { template: false, keepDataDir: true, healthTimeoutMs: 600_000 });
  await server.stop();
  const template = mkdtempSync(join(tmpdir(), 'kassa-e2e-template-'));
  rmSync(template, { recursive: true, force: true });
  renameSync(server.dataDir, template);
  process.env.KASSA_E2E_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
