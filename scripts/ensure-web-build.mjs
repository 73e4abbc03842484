// Builds the web app when its build is missing or older than its sources, so that
// `npm start` on a fresh clone serves the SPA without a separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
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
const sources = [join(root, 'apps/web/src'), join(root, 'apps/web/public'), join(root, 'packages/domain/src')].filter(
  existsSync,
);
const stale = !existsSync(dist) || Math.max(...sources.map(newest)) > statSync(dist).mtimeMs;
if (stale && existsSync(join(root, 'apps/web/index.html'))) {
  console.log('Building the web app…');
  execSync('npm run build -w @kassa/web', { cwd: root, stdio: 'inherit' });
}
