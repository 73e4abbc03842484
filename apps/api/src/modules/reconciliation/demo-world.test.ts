// Runs on both engines: issue 34 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoRecurring } from '../../demo/recurring.ts';
import { settleDemoHistory } from '../../demo/settle-history.ts';
import { generateDemoWorld } from '../../demo/world.ts';
import { newId } from '../../lib/ids.ts';
import { sql, type Db } from '../../plugins/db/index.ts';
import { openTestDb } from '../../test/engine.ts';
import { activeProcessorSettlements } from './reconciliation.repository.ts';
import { runSettlementImport } from './run.service.ts';
import { formatOf } from './formats/index.ts';
import { flawOf, reportLines, type SandboxFlaw } from './sandbox-acquirer.ts';

const DAY = 86_400_000;
/** The flaws that put a line in a file that cannot match: each makes exactly one such line. */
const LINE_FLAWS: SandboxFlaw[] = ['late', 'fee', 'duplicate', 'converted', 'unknown'];

/**
 * The demo world as `npm start` makes it (demo/ensure.ts: the world, a year of subscription charges
 * billed by the engine, the history settled), then the hourly import of both demo acquirers today,
 * tomorrow and the day after: every payment sent for settlement is in a report by then.
 */
describe("the demo world's settlement files (issue 34)", () => {
  let db: Db;
  const covered = sql`select p.id from processor p join processor s on s.provider = p.provider and s.organisation_id = p.organisation_id
    and s.type = 'processorsettlement' and s.active where p.type = 'processor'`;

  beforeAll(async () => {
    db = await openTestDb();
    await generateDemoWorld(db, { seed: 2026, scale: 2000 });
    await createDemoRecurring(db, { seed: 2026 });
    await settleDemoHistory(db);
    const dataDir = mkdtempSync(join(tmpdir(), 'kassa-demo-recon-'));
    for (const days of [0, 1, 2])
      for (const settlement of await activeProcessorSettlements(db))
        await runSettlementImport(db, dataDir, settlement.id, null, new Date(Date.now() + days * DAY));
  }, 600_000);
  afterAll(() => db.close());

  it('confirms every payment the demo sent for settlement, except those the sandbox leaves out on purpose', async () => {
    const waiting = await db.query<{ id: string; updated_at: Date }>(sql`select id, updated_at from transaction
      where mode = 'live' and status = 'SETTLEMENT_REQUESTED' and amount % 100 <> 54 and processor_id in (${covered})`);
    expect(waiting.filter((t) => flawOf(t.id) !== 'missing')).toEqual([]);
    const completed = await db.query<{ count: number }>(sql`select count(*)::int as count from settlement_line
      where outcome = 'matched' and matched_type = 'transaction'`);
    expect(completed[0].count).toBeGreaterThan(5);
    // Before the demo's history was settled, a year of subscription charges waited here for a file
    // that never came, and became some 400 open missing_payment exceptions.
    const missing = await db.query<{ item_id: string }>(sql`select item_id from reconciliation_exception
      where kind = 'missing_payment' and state in ('open', 'investigating')`);
    expect(missing.filter((x) => flawOf(x.item_id) !== 'missing')).toEqual([]);
  });

  it('auto-matches every line but the seeded flaws, and makes each of those an exception', async () => {
    const lines = await db.query<{
      file_id: string;
      line_no: number;
      outcome: string;
      matched_id: string | null;
      acquirer_reference: string | null;
      exceptions: number;
    }>(sql`select l.file_id, l.line_no, l.outcome, l.matched_id, l.acquirer_reference,
        (select count(*)::int from reconciliation_exception x where x.file_id = l.file_id and x.line_no = l.line_no) as exceptions
      from settlement_line l where l.kind <> 'payout'`);
    expect(lines.length).toBeGreaterThan(5);
    const unmatched = lines.filter((l) => l.outcome !== 'matched');
    // Every remaining line is an exception; a matched line is none.
    expect(unmatched.filter((l) => l.exceptions === 0)).toEqual([]);
    expect(lines.filter((l) => l.outcome === 'matched' && l.exceptions > 0)).toEqual([]);
    // The lines that did not match are exactly the sandbox's seeded flaws: one line per flawed payment.
    const transactions = await db.query<{ id: string; reference: string | null }>(
      sql`select id, processor_id_external as reference from transaction where processor_id in (${covered}) and mode = 'live'`,
    );
    const reported = new Set(lines.map((l) => l.acquirer_reference));
    const flawed = transactions.filter(
      (t) => reported.has(t.reference) && LINE_FLAWS.includes(flawOf(t.id) as SandboxFlaw),
    );
    expect(unmatched).toHaveLength(flawed.length);
    const files = await db.query<{ lines: number; matched: number }>(sql`select
      sum(line_count - case when paid_in is null then 0 else 1 end)::int as lines, sum(matched_count)::int as matched from settlement_file`);
    expect(files[0]).toEqual({ lines: lines.length, matched: lines.length - unmatched.length });
  });

  it('gets at most 0.5 % of the lines wrong at volume: the auto-match rate is at least 99.5 %', () => {
    let lines = 0;
    let wrong = 0;
    for (let i = 0; i < 100_000; i++) {
      const flaw = flawOf(newId('tx'));
      if (flaw === 'missing') continue;
      lines += flaw === 'duplicate' || flaw === 'unknown' ? 2 : 1;
      if (flaw && LINE_FLAWS.includes(flaw)) wrong++;
    }
    expect(1 - wrong / lines).toBeGreaterThanOrEqual(0.995);
  });

  it('reads back a day whose refunds outweigh its payments: the payout line is negative, in both layouts', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    const lines = reportLines('2026-11-27', [
      {
        id: 'rf_matrix',
        kind: 'refund',
        amount: 5_000,
        currency_code: 'EUR',
        reference: 'r1',
        merchant_reference: 'm1',
        at,
      },
    ]);
    expect(lines.map((l) => [l.kind, l.net])).toEqual([
      ['refund', -5_000],
      ['payout', -5_000],
    ]);
    for (const type of ['sandbox', 'settlement_details']) {
      const format = formatOf(type);
      for (const line of lines)
        expect(format.read(format.write(line)), `${type} ${line.kind}`).toMatchObject({
          kind: line.kind,
          amount: line.amount,
          net: line.net,
        });
    }
  });
});
