-- Generated from apps/api/src/db/rollups.ts by apps/api/src/db/rollup-sql.ts: do not edit.
-- A change to a rollup: edit the declaration, then `npm run rollups:sql -- NNNN_name` writes a new
-- migration (never rewrite this one). Each function counts the live payments of its statement
-- straight from the transition tables; an update adds the old rows at -1 and the new rows at +1
-- and writes only the groups whose figures changed, so rows whose counted columns stayed the same
-- cancel out without a join of old rows to new ones. kassa_rebuild_transaction_rollups() counts
-- the payment rollups all again from the live payments, kassa_rebuild_other_rollups() the others
-- from their live customers and refunds.

create or replace function transaction_daily_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, tags <> '{}' as tagged, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, tags <> '{}' as tagged, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged, count, volume)
    select merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, tags <> '{}' as tagged, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, tags <> '{}', amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_hourly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7, 8
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_monthly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7, 8
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_local_daily_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_local_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_local_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_local_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7, 8
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_country_daily_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_country_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_country_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_country_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_country_hourly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_country_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_country_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_country_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
    select merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_country_monthly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_country_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_country_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_country_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_local_daily_totals_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_local_daily_totals as d (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_local_daily_totals as d (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_local_daily_totals as d (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, day, organisation_id, currency_code, blocked, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, day, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_local_daily_status_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_local_daily_status as d (merchant_id, day, organisation_id, currency_code, blocked, status, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, status, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6
    on conflict (merchant_id, day, organisation_id, currency_code, blocked, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_local_daily_status as d (merchant_id, day, organisation_id, currency_code, blocked, status, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, status, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6
    on conflict (merchant_id, day, organisation_id, currency_code, blocked, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_local_daily_status as d (merchant_id, day, organisation_id, currency_code, blocked, status, count, volume)
    select merchant_id, day, organisation_id, currency_code, blocked, status, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, status, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, status, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, day, organisation_id, currency_code, blocked, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_hourly_totals_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_hourly_totals as d (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_hourly_totals as d (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_hourly_totals as d (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, hour, organisation_id, currency_code, blocked, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, currency_code, blocked, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_hourly_status_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_hourly_status as d (merchant_id, hour, organisation_id, currency_code, blocked, status, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, status, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_hourly_status as d (merchant_id, hour, organisation_id, currency_code, blocked, status, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, status, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_hourly_status as d (merchant_id, hour, organisation_id, currency_code, blocked, status, count, volume)
    select merchant_id, hour, organisation_id, currency_code, blocked, status, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, status, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, currency_code, blocked, status, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_local_cells_monthly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_local_cells_monthly as d (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date as month, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint as isodow, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint as local_hour, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_local_cells_monthly as d (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date as month, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint as isodow, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint as local_hour, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_local_cells_monthly as d (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
    select merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date as month, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint as isodow, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint as local_hour, amount, -1 as change_sign from old_rows where mode = 'live'
      union all select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint, amount, 1 from new_rows where mode = 'live'
    ) changed
    group by 1, 2, 3, 4, 5, 6, 7
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function transaction_client_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_client_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
    select g.merchant_id, g.day, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
    from (
      select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, count(*) as count, sum(amount) as volume
      from new_rows where mode = 'live'
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
    insert into transaction_client_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
    select g.merchant_id, g.month, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
    from (
      select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, count(*) as count, sum(amount) as volume
      from new_rows where mode = 'live'
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_client_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
    select g.merchant_id, g.day, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
    from (
      select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, -count(*) as count, -sum(amount) as volume
      from old_rows where mode = 'live'
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
    insert into transaction_client_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
    select g.merchant_id, g.month, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
    from (
      select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, -count(*) as count, -sum(amount) as volume
      from old_rows where mode = 'live'
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into transaction_client_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
    select g.merchant_id, g.day, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
    from (
      select merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, platform, browser, issuer, issuer_country, sum(change_sign) as count, sum(change_sign * amount) as volume
      from (
        select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, amount, -1 as change_sign from old_rows where mode = 'live'
        union all select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, platform, browser, issuer, issuer_country, amount, 1 from new_rows where mode = 'live'
      ) changed
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
      having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    having sum(g.count) <> 0 or sum(g.volume) <> 0
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
    insert into transaction_client_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
    select g.merchant_id, g.month, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
    from (
      select merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, platform, browser, issuer, issuer_country, sum(change_sign) as count, sum(change_sign * amount) as volume
      from (
        select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, amount, -1 as change_sign from old_rows where mode = 'live'
        union all select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, platform, browser, issuer, issuer_country, amount, 1 from new_rows where mode = 'live'
      ) changed
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
      having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    having sum(g.count) <> 0 or sum(g.volume) <> 0
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function customer_monthly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_monthly as d (merchant_id, month, customer_id, currency_code, count, volume, last_at)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, customer_id, currency_code, count(*) as count, sum(amount) as volume, max(created_at) as last_at
    from new_rows where mode = 'live' and customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
    group by 1, 2, 3, 4
    on conflict (customer_id, month, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume, last_at = greatest(d.last_at, excluded.last_at);
  elsif tg_op = 'DELETE' then
    insert into customer_monthly as d (merchant_id, month, customer_id, currency_code, count, volume, last_at)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, customer_id, currency_code, -count(*) as count, -sum(amount) as volume, null as last_at
    from old_rows where mode = 'live' and customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
    group by 1, 2, 3, 4
    on conflict (customer_id, month, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume, last_at = greatest(d.last_at, excluded.last_at);
  else
    insert into customer_monthly as d (merchant_id, month, customer_id, currency_code, count, volume, last_at)
    select merchant_id, month, customer_id, currency_code, sum(change_sign) as count, sum(change_sign * amount) as volume, max(created_at) filter (where change_sign > 0) as last_at
    from (
      select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, customer_id, currency_code, amount, created_at, -1 as change_sign from old_rows where mode = 'live' and customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
      union all select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, customer_id, currency_code, amount, created_at, 1 from new_rows where mode = 'live' and customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
    ) changed
    group by 1, 2, 3, 4
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0 or max(created_at) filter (where change_sign > 0) is distinct from max(created_at) filter (where change_sign < 0)
    on conflict (customer_id, month, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume, last_at = greatest(d.last_at, excluded.last_at);
  end if;
  return null;
end $$;

create or replace function customer_totals_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
    select merchant_id, customer_id, currency_code, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live' and customer_id is not null
    group by 1, 2, 3
    on conflict (merchant_id, customer_id, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
    select merchant_id, customer_id, currency_code, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live' and customer_id is not null
    group by 1, 2, 3
    on conflict (merchant_id, customer_id, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
    select merchant_id, customer_id, currency_code, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, customer_id, currency_code, amount, -1 as change_sign from old_rows where mode = 'live' and customer_id is not null
      union all select merchant_id, customer_id, currency_code, amount, 1 from new_rows where mode = 'live' and customer_id is not null
    ) changed
    group by 1, 2, 3
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, customer_id, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function merchant_revenue_daily_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into merchant_revenue_daily as d (merchant_id, day, currency_code, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date as day, currency_code, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live' and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
    group by 1, 2, 3
    on conflict (merchant_id, day, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into merchant_revenue_daily as d (merchant_id, day, currency_code, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date as day, currency_code, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live' and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
    group by 1, 2, 3
    on conflict (merchant_id, day, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into merchant_revenue_daily as d (merchant_id, day, currency_code, count, volume)
    select merchant_id, day, currency_code, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, (created_at at time zone 'UTC')::date as day, currency_code, amount, -1 as change_sign from old_rows where mode = 'live' and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
      union all select merchant_id, (created_at at time zone 'UTC')::date, currency_code, amount, 1 from new_rows where mode = 'live' and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
    ) changed
    group by 1, 2, 3
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, day, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function customer_hourly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_hourly as d (merchant_id, hour, organisation_id, status, count)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, count(*) as count
    from new_rows where mode = 'live' and merchant_id <> ''
    group by 1, 2, 3, 4
    on conflict (merchant_id, hour, organisation_id, status)
    do update set count = d.count + excluded.count;
  elsif tg_op = 'DELETE' then
    insert into customer_hourly as d (merchant_id, hour, organisation_id, status, count)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, -count(*) as count
    from old_rows where mode = 'live' and merchant_id <> ''
    group by 1, 2, 3, 4
    on conflict (merchant_id, hour, organisation_id, status)
    do update set count = d.count + excluded.count;
  else
    insert into customer_hourly as d (merchant_id, hour, organisation_id, status, count)
    select merchant_id, hour, organisation_id, status, sum(change_sign) as count
    from (
      select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, -1 as change_sign from old_rows where mode = 'live' and merchant_id <> ''
      union all select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, status, 1 from new_rows where mode = 'live' and merchant_id <> ''
    ) changed
    group by 1, 2, 3, 4
    having sum(change_sign) <> 0
    on conflict (merchant_id, hour, organisation_id, status)
    do update set count = d.count + excluded.count;
  end if;
  return null;
end $$;

create or replace function customer_daily_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_daily as d (merchant_id, day, organisation_id, count)
    select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, count(*) as count
    from new_rows where mode = 'live' and merchant_id <> ''
    group by 1, 2, 3
    on conflict (merchant_id, day, organisation_id)
    do update set count = d.count + excluded.count;
  elsif tg_op = 'DELETE' then
    insert into customer_daily as d (merchant_id, day, organisation_id, count)
    select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, -count(*) as count
    from old_rows where mode = 'live' and merchant_id <> ''
    group by 1, 2, 3
    on conflict (merchant_id, day, organisation_id)
    do update set count = d.count + excluded.count;
  else
    insert into customer_daily as d (merchant_id, day, organisation_id, count)
    select merchant_id, day, organisation_id, sum(change_sign) as count
    from (
      select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, -1 as change_sign from old_rows where mode = 'live' and merchant_id <> ''
      union all select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, 1 from new_rows where mode = 'live' and merchant_id <> ''
    ) changed
    group by 1, 2, 3
    having sum(change_sign) <> 0
    on conflict (merchant_id, day, organisation_id)
    do update set count = d.count + excluded.count;
  end if;
  return null;
end $$;

create or replace function refund_hourly_apply() returns trigger language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  if tg_op = 'INSERT' then
    insert into refund_hourly as d (merchant_id, hour, organisation_id, status, currency_code, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, currency_code, count(*) as count, sum(amount) as volume
    from new_rows where mode = 'live' and merchant_id <> ''
    group by 1, 2, 3, 4, 5
    on conflict (merchant_id, hour, organisation_id, status, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into refund_hourly as d (merchant_id, hour, organisation_id, status, currency_code, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, currency_code, -count(*) as count, -sum(amount) as volume
    from old_rows where mode = 'live' and merchant_id <> ''
    group by 1, 2, 3, 4, 5
    on conflict (merchant_id, hour, organisation_id, status, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    insert into refund_hourly as d (merchant_id, hour, organisation_id, status, currency_code, count, volume)
    select merchant_id, hour, organisation_id, status, currency_code, sum(change_sign) as count, sum(change_sign * amount) as volume
    from (
      select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, currency_code, amount, -1 as change_sign from old_rows where mode = 'live' and merchant_id <> ''
      union all select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, status, currency_code, amount, 1 from new_rows where mode = 'live' and merchant_id <> ''
    ) changed
    group by 1, 2, 3, 4, 5
    having sum(change_sign) <> 0 or sum(change_sign * amount) <> 0
    on conflict (merchant_id, hour, organisation_id, status, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  end if;
  return null;
end $$;

create or replace function kassa_rebuild_transaction_rollups() returns void language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  delete from transaction_daily;
  insert into transaction_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, tagged, count, volume)
  select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, tags <> '{}' as tagged, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  delete from transaction_hourly;
  insert into transaction_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8;
  delete from transaction_monthly;
  insert into transaction_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8;
  delete from transaction_local_daily;
  insert into transaction_local_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8;
  delete from transaction_country_daily;
  insert into transaction_country_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
  select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  delete from transaction_country_hourly;
  insert into transaction_country_hourly as d (merchant_id, hour, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
  select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  delete from transaction_country_monthly;
  insert into transaction_country_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
  select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, coalesce(country_code, '') as country_code, coalesce(card_brand, '') as card_brand, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  delete from transaction_local_daily_totals;
  insert into transaction_local_daily_totals as d (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5;
  delete from transaction_local_daily_status;
  insert into transaction_local_daily_status as d (merchant_id, day, organisation_id, currency_code, blocked, status, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date as day, organisation_id, currency_code, blocked, status, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6;
  delete from transaction_hourly_totals;
  insert into transaction_hourly_totals as d (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
  select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5;
  delete from transaction_hourly_status;
  insert into transaction_hourly_status as d (merchant_id, hour, organisation_id, currency_code, blocked, status, count, volume)
  select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, currency_code, blocked, status, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6;
  delete from transaction_local_cells_monthly;
  insert into transaction_local_cells_monthly as d (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
  select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date as month, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint as isodow, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint as local_hour, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7;
  delete from transaction_client_daily;
  insert into transaction_client_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
  select g.merchant_id, g.day, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
  from (
    select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, count(*) as count, sum(amount) as volume
    from transaction where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  delete from transaction_client_monthly;
  insert into transaction_client_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, kind, value, count, volume)
  select g.merchant_id, g.month, g.organisation_id, g.status, g.payment_product_type, g.currency_code, g.processor_id, g.blocked, k.kind, coalesce(k.value, ''), sum(g.count), sum(g.volume)
  from (
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, '') as processor_id, blocked, platform, browser, issuer, issuer_country, count(*) as count, sum(amount) as volume
    from transaction where mode = 'live'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ) g cross join lateral (values ('platform', g.platform), ('browser', g.browser), ('issuer', g.issuer), ('issuer_country', g.issuer_country)) k(kind, value)
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  delete from customer_monthly;
  insert into customer_monthly as d (merchant_id, month, customer_id, currency_code, count, volume, last_at)
  select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date as month, customer_id, currency_code, count(*) as count, sum(amount) as volume, max(created_at) as last_at
  from transaction where mode = 'live' and customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
  group by 1, 2, 3, 4;
  delete from customer_totals;
  insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
  select merchant_id, customer_id, currency_code, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live' and customer_id is not null
  group by 1, 2, 3;
  delete from merchant_revenue_daily;
  insert into merchant_revenue_daily as d (merchant_id, day, currency_code, count, volume)
  select merchant_id, (created_at at time zone 'UTC')::date as day, currency_code, count(*) as count, sum(amount) as volume
  from transaction where mode = 'live' and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked
  group by 1, 2, 3;
end $$;

create or replace function kassa_rebuild_other_rollups() returns void language plpgsql
set enable_nestloop = off set enable_sort = off set jit = off as $$
begin
  delete from customer_hourly;
  insert into customer_hourly as d (merchant_id, hour, organisation_id, status, count)
  select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, count(*) as count
  from customer where mode = 'live' and merchant_id <> ''
  group by 1, 2, 3, 4;
  delete from customer_daily;
  insert into customer_daily as d (merchant_id, day, organisation_id, count)
  select merchant_id, (created_at at time zone 'UTC')::date as day, organisation_id, count(*) as count
  from customer where mode = 'live' and merchant_id <> ''
  group by 1, 2, 3;
  delete from refund_hourly;
  insert into refund_hourly as d (merchant_id, hour, organisation_id, status, currency_code, count, volume)
  select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, organisation_id, status, currency_code, count(*) as count, sum(amount) as volume
  from refund where mode = 'live' and merchant_id <> ''
  group by 1, 2, 3, 4, 5;
end $$;
