// One `load` in a process of its own (bench/load.ts `loadApart`): the latencies it measures are
// the server's, not the wait of a bench process busy importing a file. Its options arrive as the
// first message; the result and every latency go back as the answer.
import { load } from './load.ts';

process.once('message', async (options: Parameters<typeof load>[0]) => {
  const latencies: number[] = [];
  const result = await load({ ...options, collect: latencies });
  process.send!({ result, latencies }, () => process.exit(0));
});
