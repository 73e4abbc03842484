// The worker thread's entry (bench/load.ts `loadApart`): a worker does not inherit the main
// thread's TypeScript loader, so it registers tsx itself and runs load-worker.ts.
import { tsImport } from 'tsx/esm/api';

await tsImport('./load-worker.ts', import.meta.url);
