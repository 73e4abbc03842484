// `npm start`: the web app's build (when missing or stale) runs beside the API's start-up
// (migrations, the demo world) instead of before it; on a fresh clone the two took about as long
// each. The server listens once both are done: it waits for the build handed over below
// (apps/api/src/server.ts, `kassa.webBuild`), and stops with the build's error if it fails.
import { fileURLToPath } from 'node:url';
import { buildWebInBackground, isWebBuildStale } from './ensure-web-build.mjs';

if (isWebBuildStale()) {
  const build = buildWebInBackground();
  // Awaited by the server; until then a failure must not end the process as an unhandled rejection.
  build.catch(() => {});
  globalThis[Symbol.for('kassa.webBuild')] = build;
}
// As apps/api's own `npm start` runs it: production unless said otherwise, from apps/api (./data).
process.env.NODE_ENV ||= 'production';
process.chdir(fileURLToPath(new URL('../apps/api/', import.meta.url)));
process.argv = [process.argv[0], fileURLToPath(new URL('./run-api.mjs', import.meta.url)), 'server'];
await import('./run-api.mjs');
