// The API (and the @kassa/domain code it imports) compiled once into plain JavaScript in
// apps/api/dist, so that the server, the worker and the command-line tools start without compiling
// TypeScript (tsx) on every start. `ensureApiBuild()` rebuilds when a source is newer than the
// build; `node scripts/api-build.mjs` builds now, `… --if-stale` only when the build is not current.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const apiDist = join(root, 'apps/api/dist');
const stamp = join(apiDist, 'build.json');

/** The runnable programs: dist/<name>.js from apps/api/src/<entry>, all in one folder. */
export const API_ENTRIES = {
  server: 'server.ts',
  worker: 'worker.ts',
  demo: 'demo/cli.ts',
  'rotate-secret-key': 'rotate-secret-key.ts',
};

const sources = [
  join(root, 'apps/api/src'),
  join(root, 'packages/domain/src'),
  join(root, 'apps/api/package.json'),
  join(root, 'packages/domain/package.json'),
  fileURLToPath(import.meta.url),
];

const newest = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
};

/** Whether apps/api/dist is missing or older than any source it is built from. */
export const isApiBuildStale = () =>
  !existsSync(stamp) || Math.max(...sources.filter(existsSync).map(newest)) > statSync(stamp).mtimeMs;

/**
 * Packages stay imports, resolved from node_modules at run time as before; only our own code
 * (apps/api/src and the workspace's @kassa/domain) goes into the bundles.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kassa/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` keeps naming the source file, so files read beside the code (migrations, the
 * common-password list, the web's translations, the web build) are found where they are in the
 * repository. Every bundle sits directly in dist/, so the source's place relative to it is fixed.
 */
const sourceUrls = (outdir) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const path = relative(outdir, args.path).split('\\').join('/');
      return {
        contents: text.replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(path)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/** Builds into a fresh folder beside dist and then puts it in place, so a running build is never half-read. */
export const buildApi = async () => {
  const { build } = await import('esbuild');
  const started = Date.now();
  const next = `${apiDist}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    entryPoints: Object.entries(API_ENTRIES).map(([out, entry]) => ({ in: join(root, 'apps/api/src', entry), out })),
    outdir: next,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    // Error classes and Fastify plugins keep their names in logs and stack traces.
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceUrls(apiDist)],
  });
  writeFileSync(
    join(next, 'build.json'),
    `${JSON.stringify({ builtAt: new Date().toISOString(), entries: API_ENTRIES }, null, 2)}\n`,
  );
  rmSync(apiDist, { recursive: true, force: true });
  try {
    renameSync(next, apiDist);
  } catch (error) {
    // Another process put its build in place between the two steps: theirs is as current as ours.
    rmSync(next, { recursive: true, force: true });
    if (!existsSync(stamp)) throw error;
  }
  return Date.now() - started;
};

/** Builds the API when its build is missing or stale; answers whether it built. */
export const ensureApiBuild = async () => {
  if (!isApiBuildStale()) return false;
  console.log('Building the API into apps/api/dist…');
  const ms = await buildApi();
  console.log(`API built in ${(ms / 1000).toFixed(1)} s`);
  return true;
};

/** The compiled program `name` (a key of API_ENTRIES). */
export const apiProgram = (name) => join(apiDist, `${name}.js`);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--if-stale')) await ensureApiBuild();
  else
    await buildApi().then((ms) =>
      console.log(`API built into ${relative(process.cwd(), apiDist) || '.'} in ${(ms / 1000).toFixed(1)} s`),
    );
}
