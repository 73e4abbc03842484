-- Audit rows stay append-only: never updated, and removed only by retention (jobs/retention.ts),
-- which archives them first and then says so for its own transaction (`set local kassa.retention = 'on'`).
create or replace function audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and current_setting('kassa.retention', true) = 'on' then
    return old;
  end if;
  raise exception 'audit_log is append-only';
end $$;
