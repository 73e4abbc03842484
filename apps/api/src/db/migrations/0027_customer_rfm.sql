-- RFM segmentation (customers/rfm). Per customer, month and currency: the number and volume of
-- revenue transactions (AUTHORIZED, SETTLEMENT_REQUESTED, SETTLEMENT_COMPLETED) and the newest
-- one's time, kept exact by statement-level triggers like the other rollups. The RFM job reads
-- at most 13 months of these rows per customer instead of a year of transactions.
create table customer_monthly (
  customer_id text not null,
  month date not null,
  currency_code text not null,
  merchant_id text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  -- The newest revenue transaction's time as recorded; a later change away from a revenue status
  -- does not move it back (count and volume are exact).
  last_at timestamptz,
  primary key (customer_id, month, currency_code)
);
create index customer_monthly_month_idx on customer_monthly (month, merchant_id);

create function customer_monthly_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into customer_monthly as d (customer_id, month, currency_code, merchant_id, count, volume, last_at)
  select r.customer_id, date_trunc('month', r.created_at at time zone 'UTC')::date, r.currency_code, r.merchant_id,
    sign * count(*), sign * sum(r.amount), case when sign > 0 then max(r.created_at) end
  from jsonb_populate_recordset(null::transaction, rows_json) r
  where r.customer_id is not null and r.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
  group by 1, 2, 3, 4
  on conflict (customer_id, month, currency_code)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume,
    last_at = greatest(d.last_at, excluded.last_at)
$$;

create function customer_monthly_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform customer_monthly_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1) from new_rows n
      where n.customer_id is not null and n.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED');
  elsif tg_op = 'DELETE' then
    perform customer_monthly_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1) from old_rows o
      where o.customer_id is not null and o.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED');
  else
    perform customer_monthly_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.customer_id, o.merchant_id, o.created_at, o.status, o.currency_code, o.amount)
        is distinct from (n.customer_id, n.merchant_id, n.created_at, n.status, n.currency_code, n.amount);
    perform customer_monthly_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.customer_id, o.merchant_id, o.created_at, o.status, o.currency_code, o.amount)
        is distinct from (n.customer_id, n.merchant_id, n.created_at, n.status, n.currency_code, n.amount);
  end if;
  return null;
end $$;

create trigger customer_monthly_insert after insert on transaction
  referencing new table as new_rows for each statement execute function customer_monthly_apply();
create trigger customer_monthly_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function customer_monthly_apply();
create trigger customer_monthly_delete after delete on transaction
  referencing old table as old_rows for each statement execute function customer_monthly_apply();

insert into customer_monthly (customer_id, month, currency_code, merchant_id, count, volume, last_at)
select customer_id, date_trunc('month', created_at at time zone 'UTC')::date, currency_code, merchant_id, count(*), sum(amount), max(created_at)
from transaction where customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
group by 1, 2, 3, 4;

-- The scores the RFM job gave each customer (1–5, 5 best) and what they were computed from.
alter table customer add column rfm_recency smallint, add column rfm_frequency smallint, add column rfm_monetary smallint,
  add column rfm_last_at timestamptz, add column rfm_count integer, add column rfm_volume bigint, add column rfm_currency_code text,
  add column rfm_updated_at timestamptz;
create index customer_merchant_segment_idx on customer (merchant_id, segment);
