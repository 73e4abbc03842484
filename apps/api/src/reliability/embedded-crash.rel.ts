import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { sql } from '../plugins/db/index.ts';
import { openPglite } from '../plugins/db/pglite.ts';
import { recordFigures } from './figures.ts';

/**
 * The embedded engine's process killed with SIGKILL during writes, twice: the data directory opens
 * and is consistent each time, the second time after recovering from the first crash.
 */
const KILLS = 2;
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kassa-crash-'));
const figures = { kills: 0, reopened: 0, inconsistent: 0, batchesCommitted: 0, acknowledgedButLost: 0 };
afterAll(() => {
  recordFigures('embedded-crash', figures);
  rmSync(dir, { recursive: true, force: true });
});

const writeUntilKilled = (runMs: number) =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/reliability/pglite-writer.ts', dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let acknowledged = 0;
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      for (const match of String(chunk).matchAll(/committed (\d+)/g))
        acknowledged = Math.max(acknowledged, Number(match[1]));
      if (!timer && /ready/.test(output)) timer = setTimeout(() => child.kill('SIGKILL'), runMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(acknowledged) : reject(new Error(`writer ended by itself: ${output.slice(-500)}`)),
    );
  });

it(`reopens a consistent data directory after each of ${KILLS} kill -9 during writes`, async () => {
  for (let round = 0; round < KILLS; round++) {
    const acknowledged = await writeUntilKilled(700 + round * 300);
    figures.kills++;
    const db = await openPglite(dir);
    try {
      figures.reopened++;
      const [total] = await db.query<{ batches: number; amount: string }>(
        sql`select batches, amount::text from crash_total where id = 1`,
      );
      const [ledger] = await db.query<{
        rows: number;
        batches: number;
        sum: string;
        debit: string;
      }>(sql`select count(*)::int as rows, count(distinct batch)::int as batches,
        coalesce(sum(amount), 0)::text as sum, coalesce(sum(amount) filter (where side = 'debit'), 0)::text as debit from crash_ledger`);
      const consistent =
        ledger.rows === 2 * total.batches &&
        ledger.batches === total.batches &&
        ledger.sum === '0' &&
        ledger.debit === total.amount;
      if (!consistent) figures.inconsistent++;
      expect({ ledger, total }).toEqual({
        ledger: { rows: 2 * total.batches, batches: total.batches, sum: '0', debit: total.amount },
        total,
      });
      figures.batchesCommitted = total.batches;
      figures.acknowledgedButLost += Math.max(0, acknowledged - total.batches);
    } finally {
      await db.close();
    }
  }
  expect(figures.batchesCommitted).toBeGreaterThan(0);
});
