// Import cycles in the API, the web app and the shared domain code fail `npm run lint` (STYLE.md §12).
// Dynamic imports count: a lazily loaded module that imports its importer back is still a cycle
// (and splits the bundle badly). Type-only imports count too, since a type cycle makes a real
// import easy to add later. Usage: node scripts/cycles.mjs [folder …] — a folder given on the
// command line is checked instead of the three (how the lint's own test shows it failing).
import madge from 'madge';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const detective = { skipTypeImports: false, skipAsyncImports: false };
const base = { module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', allowImportingTsExtensions: true };
const trees = [
  { dir: 'apps/api/src', compilerOptions: base },
  { dir: 'apps/web/src', compilerOptions: { ...base, baseUrl: `${root}apps/web`, paths: { '@/*': ['./src/*'] } } },
  { dir: 'packages/domain/src', compilerOptions: base },
];
const only = process.argv.slice(2);
const chosen = only.length ? only.map((dir) => ({ dir, compilerOptions: base })) : trees;

let found = 0;
for (const { dir, compilerOptions } of chosen) {
  const result = await madge(dir.startsWith('/') ? dir : `${root}${dir}`, {
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/node_modules/],
    tsConfig: { compilerOptions },
    detectiveOptions: { ts: detective, tsx: detective, es6: detective },
  });
  const cycles = result.circular();
  found += cycles.length;
  for (const cycle of cycles) console.log(`✖ import cycle in ${dir}: ${[...cycle, cycle[0]].join(' → ')}`);
  if (cycles.length === 0) console.log(`✓ no import cycle in ${dir} (${Object.keys(result.obj()).length} files)`);
}
if (found > 0) process.exit(1);
