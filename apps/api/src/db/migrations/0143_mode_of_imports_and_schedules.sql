-- Issue 38, test mode: an import and a report schedule belong to the mode they were made in, like
-- the rows they make (an import's customers and transactions, a schedule's reports), and are listed
-- in that mode only. A schedule made in test mode already kept the mode in its stored scope.
alter table import_job add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table report_schedule add column mode text not null default 'live' check (mode in ('live', 'test'));
update report_schedule set mode = 'test' where scope ->> 'mode' = 'test';

drop index import_job_merchant_created_idx;
create index import_job_merchant_created_idx on import_job (merchant_id, mode, created_at desc);
drop index report_schedule_merchant_created_idx;
create index report_schedule_merchant_created_idx on report_schedule (merchant_id, mode, created_at desc);

-- Dispute evidence is of its chargeback's mode (it was written without one: live).
update dispute_evidence d set mode = c.mode from chargeback c where c.id = d.chargeback_id and d.mode <> c.mode;
