-- Per local day (Europe/Amsterdam, the statistics time zone) rollup of transactions. The
-- statistics calls read whole local days of a range from here and only the partial first and
-- last day from transaction_hourly (and rows), so a year is about 365 rows per combination
-- instead of 8,760. Kept exact by statement-level triggers like the other rollups.

create table transaction_local_daily (
  merchant_id text not null,
  organisation_id text not null,
  day date not null,
  status text not null,
  payment_product_type text not null,
  currency_code text not null,
  processor_id text not null default '',
  blocked boolean not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
);
create index transaction_local_daily_day_idx on transaction_local_daily (day);

-- Adds (sign 1) or removes (sign -1) a set of rows from the rollup, in one aggregated upsert.
create function transaction_local_daily_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_local_daily as d (merchant_id, organisation_id, day, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select r.merchant_id, r.organisation_id, (r.created_at at time zone 'Europe/Amsterdam')::date, r.status, r.payment_product_type, r.currency_code,
    coalesce(r.processor_id, ''), r.blocked, sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_local_daily_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_local_daily as d (merchant_id, organisation_id, day, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, organisation_id, (created_at at time zone 'Europe/Amsterdam')::date, status, payment_product_type, currency_code,
      coalesce(processor_id, ''), blocked, count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_local_daily as d (merchant_id, organisation_id, day, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, organisation_id, (created_at at time zone 'Europe/Amsterdam')::date, status, payment_product_type, currency_code,
      coalesce(processor_id, ''), blocked, -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_local_daily_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.merchant_id, o.organisation_id, o.created_at, o.status, o.payment_product_type, o.currency_code, o.processor_id, o.blocked, o.amount)
        is distinct from (n.merchant_id, n.organisation_id, n.created_at, n.status, n.payment_product_type, n.currency_code, n.processor_id, n.blocked, n.amount);
    perform transaction_local_daily_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.merchant_id, o.organisation_id, o.created_at, o.status, o.payment_product_type, o.currency_code, o.processor_id, o.blocked, o.amount)
        is distinct from (n.merchant_id, n.organisation_id, n.created_at, n.status, n.payment_product_type, n.currency_code, n.processor_id, n.blocked, n.amount);
  end if;
  return null;
end $$;

create trigger transaction_local_daily_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_local_daily_apply();
create trigger transaction_local_daily_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_local_daily_apply();
create trigger transaction_local_daily_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_local_daily_apply();

insert into transaction_local_daily (merchant_id, organisation_id, day, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
select merchant_id, organisation_id, (created_at at time zone 'Europe/Amsterdam')::date, status, payment_product_type, currency_code,
  coalesce(processor_id, ''), blocked, count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5, 6, 7, 8;

