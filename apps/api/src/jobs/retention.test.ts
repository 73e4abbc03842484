import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { archiveAndRemove, RETENTION_KINDS, restoreArchive } from './retention.ts';

const DAY = 86_400_000;
const audit = RETENTION_KINDS.find((kind) => kind.kind === 'audit_trail')!;
let db: Db;
let dir: string;
beforeAll(async () => {
  db = await openTestDb();
  dir = mkdtempSync(join(tmpdir(), 'kassa-retention-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await db.close();
});

const insertAudit = (id: string, daysAgo: number, extra: { url?: string | null; detail?: unknown } = {}) =>
  db.query(sql`insert into audit_log (id, type, url, detail, created_at)
    values (${id}, 'API', ${extra.url === undefined ? '/v1/x' : extra.url}, ${extra.detail === undefined ? null : JSON.stringify(extra.detail)}::jsonb,
      ${new Date(Date.now() - daysAgo * DAY)})`);

describe('retention of the audit trail', () => {
  it('archives rows past the setting to a gzip CSV, removes them in batches, keeps the rest, and reads the archive back', async () => {
    for (let i = 0; i < 23; i++)
      await insertAudit(
        `old-${i}`,
        400 + i,
        i === 0 ? { url: '', detail: { a: [1, 'x,"y"'], b: null } } : i === 1 ? { url: null } : {},
      );
    for (let i = 0; i < 5; i++) await insertAudit(`new-${i}`, i);
    const before = await db.query<Record<string, unknown>>(
      sql`select id, type, url, detail, created_at from audit_log where id like 'old-%' order by id`,
    );

    const result = await archiveAndRemove(db, dir, audit, 395, { batch: 7 });
    expect(result).toMatchObject({ rows: 23, removed: 23, batches: 4 });
    expect(existsSync(result.file as string)).toBe(true);
    const left = await db.query<{ id: string }>(
      sql`select id from audit_log where id like 'old-%' or id like 'new-%' order by id`,
    );
    expect(left.map((r) => r.id)).toEqual(['new-0', 'new-1', 'new-2', 'new-3', 'new-4']);

    // Nothing more to do: no file, nothing removed.
    expect(await archiveAndRemove(db, dir, audit, 395)).toMatchObject({ file: null, removed: 0 });

    const scratch = `scratch_${Date.now().toString(36)}`;
    try {
      expect(await restoreArchive(db, result.file as string, audit, scratch)).toBe(23);
      const back = await db.query<Record<string, unknown>>(
        sql`select id, type, url, detail, created_at from ${sql.raw(`"${scratch}".audit_log`)} order by id`,
      );
      // Every value as it was: the empty string and null apart, JSON with commas and quotes, instants.
      expect(back).toEqual(before);
      expect(back.find((r) => r.id === 'old-0')).toMatchObject({ url: '', detail: { a: [1, 'x,"y"'], b: null } });
      expect(back.find((r) => r.id === 'old-1')).toMatchObject({ url: null });
    } finally {
      await db.exec(`drop schema if exists "${scratch}" cascade`);
    }
  });

  it('lets writers add rows while it removes (each batch its own short statement)', async () => {
    if (db.engine !== 'postgresql') return;
    for (let i = 0; i < 300; i++) await insertAudit(`bulk-${i}`, 500);
    let writes = 0;
    let removing = true;
    const writer = (async () => {
      while (removing) {
        await insertAudit(`live-${writes++}`, 0);
      }
    })();
    const result = await archiveAndRemove(db, dir, audit, 395, { batch: 10 });
    removing = false;
    await writer;
    expect(result.removed).toBe(300);
    expect(writes).toBeGreaterThan(0);
    const [{ n }] = await db.query<{ n: number }>(sql`select count(*)::int as n from audit_log where id like 'live-%'`);
    expect(n).toBe(writes);
  });
});

describe('the audit trail outside retention', () => {
  it('still refuses to have a row removed or changed', async () => {
    await insertAudit('kept', 1000);
    await expect(db.query(sql`delete from audit_log where id = 'kept'`)).rejects.toThrow(/append-only/);
    await expect(db.query(sql`update audit_log set url = 'x' where id = 'kept'`)).rejects.toThrow(/append-only/);
  });
});
