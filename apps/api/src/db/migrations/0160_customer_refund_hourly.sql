-- Customers and refunds per merchant and UTC hour (issue 37): a statistic over a range that ends
-- at any instant (the achievements' last 7 days against the 7 before) read whole local days from
-- customer_local_daily and refund_local_daily and the partial first and last day from the rows
-- themselves. At 10,000,000 transactions that was up to two days of the big merchant's customers
-- (about 3,000 rows) per figure; now whole hours come from these and only the partial first and
-- last hour from the rows. Declared in db/rollups.ts (OTHER_ROLLUPS); their trigger functions are
-- generated into 0159.
create table customer_hourly (
  merchant_id text not null,
  hour timestamptz not null,
  organisation_id text not null,
  status text not null,
  count bigint not null default 0,
  primary key (merchant_id, hour, organisation_id, status)
);
create index customer_hourly_hour_idx on customer_hourly (hour);

create table refund_hourly (
  merchant_id text not null,
  hour timestamptz not null,
  organisation_id text not null,
  status text not null,
  currency_code text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, hour, organisation_id, status, currency_code)
);
create index refund_hourly_hour_idx on refund_hourly (hour);

create trigger customer_hourly_insert after insert on customer
  referencing new table as new_rows for each statement execute function customer_hourly_apply();
create trigger customer_hourly_update after update on customer
  referencing old table as old_rows new table as new_rows for each statement execute function customer_hourly_apply();
create trigger customer_hourly_delete after delete on customer
  referencing old table as old_rows for each statement execute function customer_hourly_apply();

create trigger refund_hourly_insert after insert on refund
  referencing new table as new_rows for each statement execute function refund_hourly_apply();
create trigger refund_hourly_update after update on refund
  referencing old table as old_rows new table as new_rows for each statement execute function refund_hourly_apply();
create trigger refund_hourly_delete after delete on refund
  referencing old table as old_rows for each statement execute function refund_hourly_apply();

-- The customers and refunds that were already there.
insert into customer_hourly (merchant_id, hour, organisation_id, status, count)
select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, status, count(*)
from customer where mode = 'live' and merchant_id <> ''
group by 1, 2, 3, 4;
insert into refund_hourly (merchant_id, hour, organisation_id, status, currency_code, count, volume)
select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, status, currency_code, count(*), sum(amount)
from refund where mode = 'live' and merchant_id <> ''
group by 1, 2, 3, 4, 5;
