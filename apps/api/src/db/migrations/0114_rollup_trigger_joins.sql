-- Issue 33: the first `npm start` spent 53 s (and up to two minutes on a busy machine) in the first
-- customer.rfm job, with nothing printed. The rollup triggers' update branch joins the statement's
-- old and new rows (`old_rows o join new_rows n on n.id = o.id`). PL/pgSQL plans that query once per
-- connection and keeps the plan: a connection whose first update touched one row (the demo world's
-- billing, a refund) planned a nested loop, and the RFM job's update of every customer then compared
-- each old row with each new one: 5,600 customers, 31 million pairs, 37 s in one trigger alone.
-- Transition tables have no statistics and no index, so a hash join is the right plan at any size;
-- nested loops are switched off inside these functions. The same held on PostgreSQL for any pooled
-- connection that first saw a small update, then a bulk one (settlement lifecycle, imports).
-- A later `create or replace` of such a function must keep the setting (db/rollup-trigger-plans.test.ts).
do $$
declare
  fn regprocedure;
begin
  for fn in
    select p.oid::regprocedure from pg_proc p
    join pg_namespace s on s.oid = p.pronamespace
    where s.nspname = current_schema() and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
      and p.prosrc like '%old_rows o join new_rows n%'
  loop
    execute format('alter function %s set enable_nestloop = off', fn);
  end loop;
end $$;
