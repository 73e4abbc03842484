-- On PostgreSQL every one-row payment insert spent half a second in the client rollup trigger (0135)
-- and the whole API suite ran twice as long. Its insert branch fans each row out by a lateral VALUES
-- list, a nested loop by nature; with nested loops switched off in the function (0114's setting,
-- kept for the update branch's old-to-new join) the planner still picks it but costs it at the
-- "disabled" penalty, far above `jit_above_cost`, so every call compiled the statement to machine
-- code (about 500 ms) to insert four rollup rows. JIT compilation is switched off in every function
-- that switches nested loops off: their statements read a statement's transition tables, and a
-- penalty cost there never means the work is large. The embedded engine has no JIT.
do $$
declare
  fn regprocedure;
begin
  for fn in
    select p.oid::regprocedure from pg_proc p
    join pg_namespace s on s.oid = p.pronamespace
    where s.nspname = current_schema() and 'enable_nestloop=off' = any (p.proconfig)
  loop
    execute format('alter function %s set jit = off', fn);
  end loop;
end $$;
