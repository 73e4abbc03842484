// The load's own process (bench/load.ts `loadApart`): its clock is not held up by the bench's
// work, and its memory is not counted in the bench's. It registers tsx itself (a child started
// by the bench does not inherit its TypeScript loader) and runs load-worker.ts.
import { tsImport } from 'tsx/esm/api';

await tsImport('./load-worker.ts', import.meta.url);
