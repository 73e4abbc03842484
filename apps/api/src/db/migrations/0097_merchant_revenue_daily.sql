-- Issue 18: the merchants list sorted by 30-day revenue without summing the wide daily rollup.
--
-- The merchants list (modules/merchants/merchant.entity.ts) summed the window's transaction_daily
-- rows per merchant: every organisation, status, product, currency, processor and tag of 30 days,
-- about 2 ms for the provider's list at 1,000,000 transactions, which held that list to about 900
-- answers a second. This rollup keeps what the list shows and nothing else: per merchant and UTC
-- day and currency, the count and volume of revenue (authorised, settlement requested or
-- completed, not blocked), about 30 rows per merchant for the window. Amounts of different
-- currencies are never added: the list shows each merchant's revenue in its own currency.
create table merchant_revenue_daily (
  merchant_id text not null,
  day date not null,
  currency_code text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, currency_code)
);
create index merchant_revenue_daily_day_idx on merchant_revenue_daily (day, merchant_id, currency_code) include (count, volume);

-- What a statement changed, as the rows it counted before (negative) and after (positive): a row
-- whose revenue it leaves as it was (a move from authorised to settlement requested, a refund's
-- refunded_amount, a tag) nets to nothing and touches no rollup row, so most updates lock nothing.
create function merchant_revenue_daily_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into merchant_revenue_daily as d (merchant_id, day, currency_code, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date, currency_code, count(*), sum(amount)
    from new_rows where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
    group by 1, 2, 3
    on conflict (merchant_id, day, currency_code) do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into merchant_revenue_daily as d (merchant_id, day, currency_code, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date, currency_code, -count(*), -sum(amount)
    from old_rows where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
    group by 1, 2, 3
    on conflict (merchant_id, day, currency_code) do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into merchant_revenue_daily as d (merchant_id, day, currency_code, count, volume)
    select merchant_id, day, currency_code, sum(c), sum(v) from (
      select merchant_id, (created_at at time zone 'UTC')::date as day, currency_code, -1 as c, -amount as v
      from old_rows where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
      union all
      select merchant_id, (created_at at time zone 'UTC')::date, currency_code, 1, amount
      from new_rows where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
    ) changed
    group by 1, 2, 3
    having sum(c) <> 0 or sum(v) <> 0
    on conflict (merchant_id, day, currency_code) do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create trigger merchant_revenue_daily_insert after insert on transaction
  referencing new table as new_rows for each statement execute function merchant_revenue_daily_apply();
create trigger merchant_revenue_daily_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function merchant_revenue_daily_apply();
create trigger merchant_revenue_daily_delete after delete on transaction
  referencing old table as old_rows for each statement execute function merchant_revenue_daily_apply();

-- Built again from the transactions by the cache page's 'statistics rollups' with the others
-- (modules/admin/cache.repository.ts: the caller holds a share lock on transaction).
create function kassa_rebuild_merchant_revenue() returns void language sql as $$
  delete from merchant_revenue_daily;
  insert into merchant_revenue_daily (merchant_id, day, currency_code, count, volume)
  select merchant_id, (created_at at time zone 'UTC')::date, currency_code, count(*), sum(amount)
  from transaction where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
  group by 1, 2, 3;
$$;

select kassa_rebuild_merchant_revenue();
