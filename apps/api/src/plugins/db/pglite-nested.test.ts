import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestedStatementError, openPglite } from './pglite.ts';
import { sql, type Db } from './index.ts';

/**
 * The embedded engine has one connection: a statement on the database handle inside an open
 * transaction would wait for that transaction forever (and with it every request of the server).
 * It is refused at once instead; the transaction's own handle, and work after the commit, go on.
 */
let db: Db;
beforeAll(async () => {
  db = await openPglite();
});
afterAll(() => db.close());

describe('a statement on the database handle inside a transaction (embedded engine)', () => {
  it('is refused at once instead of waiting for the transaction forever, and the transaction rolls back', async () => {
    await db.query(sql`create table nested_probe (n int)`);
    const attempt = db.transaction(async (tx) => {
      await tx.query(sql`insert into nested_probe values (1)`);
      return db.query(sql`select count(*)::int as n from nested_probe`);
    });
    const outcome = await Promise.race([
      attempt.then(
        () => 'answered',
        (error: unknown) => error,
      ),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000)),
    ]);
    expect(outcome).toBeInstanceOf(NestedStatementError);
    expect(await db.query(sql`select count(*)::int as n from nested_probe`)).toEqual([{ n: 0 }]);
  });

  it("lets the transaction's own handle work, and work it started run after the commit", async () => {
    let later: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query(sql`insert into nested_probe values (2)`);
      // Started inside, awaited outside: runs once the transaction has ended.
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() =>
        db.query(sql`select count(*)::int as n from nested_probe`),
      );
    });
    expect(await later).toEqual([{ n: 1 }]);
  });
});
