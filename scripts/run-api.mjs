// `npm start`, `npm run worker`, `npm run demo`, `npm run rotate-secret-key`: runs one of the API's
// compiled programs (apps/api/dist, built first when missing or older than its sources) in this
// very process, with stack traces mapped back to the TypeScript sources.
import { pathToFileURL } from 'node:url';
import { API_ENTRIES, apiProgram, ensureApiBuild } from './api-build.mjs';

const [name, ...args] = process.argv.slice(2);
if (!Object.hasOwn(API_ENTRIES, name ?? '')) {
  console.error(`Usage: node scripts/run-api.mjs <${Object.keys(API_ENTRIES).join('|')}> [arguments]`);
  process.exit(2);
}
await ensureApiBuild();
process.setSourceMapsEnabled(true);
// The program reads its own arguments (the demo CLI's --scale, --reset) as if started directly.
process.argv = [process.argv[0], apiProgram(name), ...args];
await import(pathToFileURL(apiProgram(name)).href);
