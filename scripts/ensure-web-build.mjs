// Builds the web app when its build is missing or older than its sources, so that
// `npm start` on a fresh clone serves the SPA without a separate build step. Run as a script it
// builds in the foreground (e2e, bench); `npm start` (scripts/start.mjs) uses `buildWebInBackground`.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/web/dist/index.html');
const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};

/** Whether the web app needs building: no build yet, or a source newer than it. */
export const isWebBuildStale = () => {
  if (!existsSync(join(root, 'apps/web/index.html'))) return false;
  const sources = [join(root, 'apps/web/src'), join(root, 'apps/web/public'), join(root, 'packages/domain/src')];
  return !existsSync(dist) || Math.max(...sources.filter(existsSync).map(newest)) > statSync(dist).mtimeMs;
};

/**
 * Starts the web app's build beside whatever the caller does meanwhile (the API's migrations and
 * demo world, on the other core), with Vite's per-file listing left out: one line when it starts,
 * one when it is done; warnings and errors still reach the console. Resolves when built, rejects
 * when the build fails.
 */
export const buildWebInBackground = () => {
  const started = performance.now();
  console.log('Building the web app (in the background)…');
  const child = spawn('npm', ['run', 'build', '-w', '@kassa/web', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A start-up that ends early (an error, Ctrl-C) does not leave the build running on its own.
  const stop = () => child.exitCode === null && child.kill();
  process.once('exit', stop);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('exit', stop);
      if (code !== 0) return reject(new Error(`The web app's build failed (exit code ${code})`));
      console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
};

if (process.argv[1] === fileURLToPath(import.meta.url) && isWebBuildStale()) {
  console.log('Building the web app…');
  execSync('npm run build -w @kassa/web', { cwd: root, stdio: 'inherit' });
}
