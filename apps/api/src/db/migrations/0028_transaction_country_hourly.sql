-- Per-hour rollup of transactions by the transaction's country, for transaction/aggregate/location
-- (the country map): the same dimensions as transaction_hourly plus country_code ('' = none), so
-- a year's map is read from hours instead of a year of rows. Kept exact by statement triggers.

create table transaction_country_hourly (
  merchant_id text not null,
  organisation_id text not null,
  hour timestamptz not null,
  status text not null,
  payment_product_type text not null,
  currency_code text not null,
  processor_id text not null default '',
  blocked boolean not null,
  country_code text not null default '',
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code)
);
create index transaction_country_hourly_hour_idx on transaction_country_hourly (hour);

-- Adds (sign 1) or removes (sign -1) a set of rows from the rollup, in one aggregated upsert.
create function transaction_country_hourly_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_country_hourly as d (merchant_id, organisation_id, hour, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
  select r.merchant_id, r.organisation_id, date_trunc('hour', r.created_at at time zone 'UTC') at time zone 'UTC', r.status, r.payment_product_type, r.currency_code,
    coalesce(r.processor_id, ''), r.blocked, coalesce(r.country_code, ''), sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_country_hourly_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_country_hourly as d (merchant_id, organisation_id, hour, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
    select merchant_id, organisation_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', status, payment_product_type, currency_code,
      coalesce(processor_id, ''), blocked, coalesce(country_code, ''), count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_country_hourly as d (merchant_id, organisation_id, hour, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
    select merchant_id, organisation_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', status, payment_product_type, currency_code,
      coalesce(processor_id, ''), blocked, coalesce(country_code, ''), -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_country_hourly_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.merchant_id, o.organisation_id, o.created_at, o.status, o.payment_product_type, o.currency_code, o.processor_id, o.blocked, o.country_code, o.amount)
        is distinct from (n.merchant_id, n.organisation_id, n.created_at, n.status, n.payment_product_type, n.currency_code, n.processor_id, n.blocked, n.country_code, n.amount);
    perform transaction_country_hourly_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.merchant_id, o.organisation_id, o.created_at, o.status, o.payment_product_type, o.currency_code, o.processor_id, o.blocked, o.country_code, o.amount)
        is distinct from (n.merchant_id, n.organisation_id, n.created_at, n.status, n.payment_product_type, n.currency_code, n.processor_id, n.blocked, n.country_code, n.amount);
  end if;
  return null;
end $$;

create trigger transaction_country_hourly_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_country_hourly_apply();
create trigger transaction_country_hourly_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_country_hourly_apply();
create trigger transaction_country_hourly_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_country_hourly_apply();

insert into transaction_country_hourly (merchant_id, organisation_id, hour, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
select merchant_id, organisation_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', status, payment_product_type, currency_code,
  coalesce(processor_id, ''), blocked, coalesce(country_code, ''), count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
