import { z } from 'zod';
import { sql, type Db } from '../../plugins/db/index.ts';

export const ZReconciliationDashboard = z.object({
  match_rate: z.array(
    z.object({
      processor_settlement: z.string(),
      name: z.string(),
      day: z.string(),
      lines: z.number().int(),
      matched: z.number().int(),
    }),
  ),
  open_by_kind: z.array(
    z.object({
      kind: z.string(),
      age: z.enum(['0-2', '3-7', '8-30', '31+']),
      count: z.number().int(),
      amount_difference: z.number().int(),
    }),
  ),
});

/** The reconciliation dashboard: live files of the last 14 days, and the open exceptions by kind and age band. */
export const reconciliationDashboard = async (db: Db): Promise<z.infer<typeof ZReconciliationDashboard>> => {
  const rates = await db.query<{
    processor_settlement: string;
    name: string;
    day: string;
    lines: string;
    matched: string;
  }>(sql`
    select f.processor_settlement_id as processor_settlement, p.name, to_char(f.settlement_date, 'YYYY-MM-DD') as day,
      sum(f.line_count - case when f.paid_in is null then 0 else 1 end) as lines, sum(f.matched_count) as matched
    from settlement_file f join processor p on p.id = f.processor_settlement_id
    where f.mode = 'live' and f.settlement_date >= current_date - 14
    group by 1, 2, 3 order by 3 desc, 2`);
  const open = await db.query<{
    kind: string;
    age: '0-2' | '3-7' | '8-30' | '31+';
    count: string;
    amount_difference: string;
  }>(sql`
    select kind, case when age <= 2 then '0-2' when age <= 7 then '3-7' when age <= 30 then '8-30' else '31+' end as age,
      count(*) as count, coalesce(sum(amount_difference), 0) as amount_difference
    from (select kind, amount_difference, current_date - created_at::date as age from reconciliation_exception
      where mode = 'live' and state in ('open', 'investigating', 'write_off_requested')) x
    group by 1, 2 order by 1, 2`);
  return {
    match_rate: rates.map((r) => ({ ...r, lines: Number(r.lines), matched: Number(r.matched) })),
    open_by_kind: open.map((r) => ({ ...r, count: Number(r.count), amount_difference: Number(r.amount_difference) })),
  };
};
