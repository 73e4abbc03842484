import { describe, expect, it } from 'vitest';
import type { Db, Queryable } from './engine.ts';
import { isReadOnly, onPrimary, readFromReplica, withReplicas } from './replicas.ts';
import { sql, type Sql } from './sql.ts';

/** A stand-in server that answers the lag check like a caught-up replica and records what it ran. */
const server = (name: string, state: { fail?: boolean; caughtUp?: boolean; behind?: number } = {}) => {
  const ran: string[] = [];
  const query = async <T>(statement: Sql) => {
    if (statement.text.includes('pg_current_wal_lsn')) return [{ lsn: '0/10' }] as T[];
    if (state.fail) throw new Error(`${name} is down`);
    if (statement.text.includes('pg_is_in_recovery'))
      return [{ recovering: true, caught_up: state.caughtUp ?? true, behind: state.behind ?? 0 }] as T[];
    ran.push(statement.text);
    return [{ from: name }] as T[];
  };
  const db: Db = {
    engine: 'postgresql',
    query,
    exec: async () => {},
    transaction: async <T>(work: (tx: Queryable) => Promise<T>) => work({ query, exec: async () => {} }),
    async *stream<T>() {
      if (state.fail) throw new Error(`${name} is down`);
      yield [{ from: name }] as T[];
    },
    listen: async () => async () => {},
    close: async () => {},
  };
  return { db, ran, state };
};

const setUp = async (replicaState: Parameters<typeof server>[1] = {}) => {
  const primary = server('primary');
  const replica = server('replica', replicaState);
  const db = withReplicas(primary.db, [{ name: 'replica_1', db: replica.db }], { maxLag: 5, checkEveryMs: 60_000 });
  await db.checkReplicas();
  return { db, primary, replica };
};
const from = async (work: Promise<{ from: string }[]>) => (await work)[0].from;

describe('read routing', () => {
  it('knows a statement that cannot write from one that may', () => {
    expect(isReadOnly('select count(*) from transaction')).toBe(true);
    expect(isReadOnly('with t as (select 1) select * from t')).toBe(true);
    expect(isReadOnly('select updated_at, deleted from transaction')).toBe(true);
    expect(isReadOnly('insert into audit values (1)')).toBe(false);
    expect(isReadOnly('with x as (update job set a = 1 returning *) select * from x')).toBe(false);
    expect(isReadOnly('select * from job for update skip locked')).toBe(false);
    expect(isReadOnly("select pg_notify('kassa_auth', 'x')")).toBe(false);
    expect(isReadOnly('select nextval($1)')).toBe(false);
    expect(isReadOnly('select pg_advisory_xact_lock(1)')).toBe(false);
  });

  it('sends only allowed reads to the replica; writes, transactions and other requests to the primary', async () => {
    const { db } = await setUp();
    expect(await from(db.query(sql`select 1`))).toBe('primary');
    expect(await from(readFromReplica('u1', () => db.query(sql`select 1`)))).toBe('replica');
    expect(await from(readFromReplica('u1', () => db.query(sql`update x set a = 1 returning 1`)))).toBe('primary');
    expect(await from(readFromReplica('u1', () => db.transaction((tx) => tx.query(sql`select 1`))))).toBe('primary');
    expect(await from(readFromReplica('u1', () => onPrimary(() => db.query(sql`select 1`))))).toBe('primary');
    const rows: unknown[] = [];
    await readFromReplica(null, async () => {
      for await (const batch of db.stream(sql`select 1`)) rows.push(...batch);
    });
    expect(rows).toEqual([{ from: 'replica' }]);
  });

  it("reads a user's own writes from the primary while a colleague reads the replica", async () => {
    const { db } = await setUp();
    db.noteWrite('writer');
    expect(await from(readFromReplica('writer', () => db.query(sql`select 1`)))).toBe('primary');
    expect(await from(readFromReplica('colleague', () => db.query(sql`select 1`)))).toBe('replica');
  });

  it('skips a replica that lags past the bound, measured by the replica', async () => {
    const { db } = await setUp({ caughtUp: false, behind: 6 });
    expect(db.replicas()[0]).toMatchObject({ up: true, lag: 6, usable: false });
    expect(await from(readFromReplica('u1', () => db.query(sql`select 1`)))).toBe('primary');
    const { db: idle } = await setUp({ caughtUp: true, behind: 3600 });
    // An idle primary: the last replayed commit is an hour old, yet nothing is missing.
    expect(idle.replicas()[0]).toMatchObject({ lag: 0, usable: true });
  });

  it('answers from the primary when the replica fails, and skips it until a check finds it back', async () => {
    const { db, replica } = await setUp();
    replica.state.fail = true;
    expect(await from(readFromReplica('u1', () => db.query(sql`select 1`)))).toBe('primary');
    expect(db.replicas()[0].up).toBe(false);
    const rows: unknown[] = [];
    await readFromReplica(null, async () => {
      for await (const batch of db.stream(sql`select 1`)) rows.push(...batch);
    });
    expect(rows).toEqual([{ from: 'primary' }]);
    replica.state.fail = false;
    expect(await from(readFromReplica('u1', () => db.query(sql`select 1`)))).toBe('primary');
    await db.checkReplicas();
    expect(await from(readFromReplica('u1', () => db.query(sql`select 1`)))).toBe('replica');
  });
});
