-- Live payments per merchant, local (Europe/Amsterdam) day, organisation, currency, blocked and
-- status (issue 37): what the screens filter by when they name statuses (the dashboard's revenue
-- overview, the weekly statistics by status) without product or processor. At 10,000,000
-- transactions a year of transaction_local_daily was 101,465 rows; of this, 23,925. Declared in
-- db/rollups.ts; its trigger function is generated into 0161.
create table transaction_local_daily_status (
  merchant_id text not null,
  day date not null,
  organisation_id text not null,
  currency_code text not null,
  blocked boolean not null,
  status text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, organisation_id, currency_code, blocked, status)
);
create index transaction_local_daily_status_day_idx on transaction_local_daily_status (day);

create trigger transaction_local_daily_status_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_local_daily_status_apply();
create trigger transaction_local_daily_status_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_local_daily_status_apply();
create trigger transaction_local_daily_status_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_local_daily_status_apply();

-- The payments that were already there.
insert into transaction_local_daily_status (merchant_id, day, organisation_id, currency_code, blocked, status, count, volume)
select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, status, count(*), sum(amount)
from transaction where mode = 'live'
group by 1, 2, 3, 4, 5, 6;
