-- Settlement updates (portal.md §2.4, §3, §4): a processor settlement imports the processor's
-- settlement reports up to a point, `last`; `last_run` is when that import last ran. A provider
-- super user moves `last` (to import again from an earlier point, or to skip ahead) and may ask
-- for a run at once; the update keeps the value it replaced so that it can be reversed.
alter table processor add column last timestamptz;
alter table processor add column last_run timestamptz;

create table settlement_update (
  id text primary key,
  processor_settlement_id text not null references processor(id),
  last timestamptz not null,
  old_last timestamptz,
  update_last_run boolean not null default true,
  created_by text,
  created_at timestamptz not null default now()
);
create index settlement_update_created_idx on settlement_update (created_at desc);
create index settlement_update_processor_idx on settlement_update (processor_settlement_id, created_at desc);
