// One `load` in a thread of its own (bench/load.ts `loadApart`): the latencies it measures are
// the server's, not the wait of a bench process whose own thread is busy importing a file.
import { parentPort, workerData } from 'node:worker_threads';
import { load } from './load.ts';

const latencies: number[] = [];
const result = await load({ ...workerData, collect: latencies });
parentPort!.postMessage({ result, latencies });
