import { migrate, sql } from '../plugins/db/index.ts';
import { openPglite } from '../plugins/db/pglite.ts';

/**
 * A process writing to the embedded engine's data directory as fast as it can, for the crash test:
 * each batch is one database transaction of two ledger rows and the running total. It prints the
 * number of every batch whose commit returned, and is killed with SIGKILL somewhere in between.
 */
const db = await openPglite(process.argv[2]);
await migrate(db);
await db.exec(`create table if not exists crash_ledger (batch int not null, side text not null, amount int not null);
  create table if not exists crash_total (id int primary key, batches int not null, amount bigint not null);
  insert into crash_total values (1, 0, 0) on conflict do nothing`);
const [{ batches }] = await db.query<{ batches: number }>(sql`select batches from crash_total where id = 1`);
console.log(`ready ${batches}`);
for (let batch = batches + 1; ; batch++) {
  await db.transaction(async (tx) => {
    await tx.query(
      sql`insert into crash_ledger (batch, side, amount) values (${batch}, 'debit', ${batch}), (${batch}, 'credit', ${-batch})`,
    );
    await tx.query(sql`update crash_total set batches = ${batch}, amount = amount + ${batch} where id = 1`);
  });
  console.log(`committed ${batch}`);
}
