-- Live payments per merchant, UTC hour, organisation, currency, blocked and status (issue 37): the
-- partial days at the ends of a range when a screen asks for statuses only (the dashboard's
-- achievements read about 12 hours at each of three ends). A quarter of transaction_hourly's rows.
-- Declared in db/rollups.ts; its trigger function is generated into 0163.
create table transaction_hourly_status (
  merchant_id text not null,
  hour timestamptz not null,
  organisation_id text not null,
  currency_code text not null,
  blocked boolean not null,
  status text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, hour, organisation_id, currency_code, blocked, status)
);
create index transaction_hourly_status_hour_idx on transaction_hourly_status (hour);

create trigger transaction_hourly_status_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_hourly_status_apply();
create trigger transaction_hourly_status_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_hourly_status_apply();
create trigger transaction_hourly_status_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_hourly_status_apply();

-- The payments that were already there.
insert into transaction_hourly_status (merchant_id, hour, organisation_id, currency_code, blocked, status, count, volume)
select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, currency_code, blocked, status, count(*), sum(amount)
from transaction where mode = 'live'
group by 1, 2, 3, 4, 5, 6;
