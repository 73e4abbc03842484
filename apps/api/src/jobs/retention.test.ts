import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { loadConfig } from '../config.ts';
import { openTestDb } from '../test/engine.ts';
import { handlerFor, silentJobLog, type JobRow } from './handlers.ts';
import { registerJobMaintenance } from './maintenance.ts';
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

describe('retention of webhook delivery attempts', () => {
  const attempts = RETENTION_KINDS.find((kind) => kind.kind === 'webhook_attempts')!;

  it('archives and removes attempts past RETENTION_WEBHOOK_DAYS, keeps the recent ones and the webhook itself', async () => {
    await db.query(
      sql`insert into organisation (id, name, type, path) values ('org_ret', 'Retention shop', 'merchant', '/org_ret/')`,
    );
    await db.query(sql`insert into webhook (id, organisation_id, merchant_id, url, type, event, payload)
      values ('wh_ret', 'org_ret', 'org_ret', 'https://shop.example/hook', 'transaction', 'transaction.paid', '{}'::jsonb)`);
    for (let i = 0; i < 6; i++)
      await db.query(sql`insert into webhook_attempt (webhook_id, attempt, created_at, status_code, duration_ms, content)
        values ('wh_ret', ${i + 1}, ${new Date(Date.now() - (i < 4 ? 120 + i : i) * DAY)}, 503, 40, ${`answer ${i}`})`);

    expect(attempts.days(loadConfig({}))).toBe(90);
    const result = await archiveAndRemove(db, dir, attempts, 90, { batch: 3 });
    expect(result).toMatchObject({ kind: 'webhook_attempts', rows: 4, removed: 4, batches: 2 });
    const left = await db.query<{ attempt: number }>(
      sql`select attempt from webhook_attempt where webhook_id = 'wh_ret' order by attempt`,
    );
    expect(left.map((row) => row.attempt)).toEqual([5, 6]);
    expect(await db.query(sql`select id from webhook where id = 'wh_ret'`)).toHaveLength(1);

    const scratch = `scratch_${Date.now().toString(36)}`;
    try {
      expect(await restoreArchive(db, result.file as string, attempts, scratch)).toBe(4);
      const back = await db.query<{ content: string }>(
        sql`select content from ${sql.raw(`"${scratch}".webhook_attempt`)} order by attempt`,
      );
      expect(back.map((row) => row.content)).toEqual(['answer 0', 'answer 1', 'answer 2', 'answer 3']);
    } finally {
      await db.exec(`drop schema if exists "${scratch}" cascade`);
    }
  });
});

describe('job history (RETENTION_JOB_DAYS)', () => {
  const prune = async (env: NodeJS.ProcessEnv) => {
    registerJobMaintenance();
    const handler = handlerFor('job.prune')!;
    await handler({}, { db, config: loadConfig(env), job: {} as JobRow, log: silentJobLog });
  };
  const addJob = (queue: string, status: 'done' | 'failed', daysAgo: number) =>
    db.query(
      sql`insert into job (queue, status, finished_at) values (${queue}, ${status}, ${new Date(Date.now() - daysAgo * DAY)})`,
    );
  const left = async () =>
    (
      await db.query<{ k: string }>(
        sql`select queue || ':' || status as k from job where queue like 'ret.%' order by queue, status`,
      )
    ).map((row) => row.k);

  it('keeps failed jobs for the setting and done ones for 7 days or the setting if shorter', async () => {
    await addJob('ret.a', 'done', 8);
    await addJob('ret.b', 'done', 3);
    await addJob('ret.c', 'failed', 20);
    await addJob('ret.d', 'failed', 40);
    await prune({});
    expect(await left()).toEqual(['ret.b:done', 'ret.c:failed']);
    await prune({ RETENTION_JOB_DAYS: '2' });
    expect(await left()).toEqual([]);
  });
});

describe('the audit trail outside retention', () => {
  it('still refuses to have a row removed or changed', async () => {
    await insertAudit('kept', 1000);
    await expect(db.query(sql`delete from audit_log where id = 'kept'`)).rejects.toThrow(/append-only/);
    await expect(db.query(sql`update audit_log set url = 'x' where id = 'kept'`)).rejects.toThrow(/append-only/);
  });
});
