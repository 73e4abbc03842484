-- Issue 32 item 7 (payments §7): statistics by platform, browser and issuer. A payment records what
-- a real PSP knows of it: the platform and browser of the customer's user agent on Kassa's hosted
-- pages, and the card issuer and its country looked up by BIN in the table Kassa ships. Null where
-- nothing is known (a server-to-server API payment has no browser).
alter table transaction
  add column platform text,
  add column browser text,
  add column issuer text,
  add column issuer_country text;

-- One rollup per UTC day and month for all four, as (kind, value) pairs: a day of a merchant holds
-- a few rows per platform, browser and issuer instead of one per combination of the four. Read like
-- the country rollups: months, then days, then the rows at either end of the range. '' = unknown.
create table transaction_client_daily (
  merchant_id text not null,
  day date not null,
  kind text not null,
  organisation_id text not null,
  status text not null,
  payment_product_type text not null,
  currency_code text not null,
  processor_id text not null,
  blocked boolean not null,
  value text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
);
create index transaction_client_daily_day_idx on transaction_client_daily (day, kind);

create table transaction_client_monthly (
  merchant_id text not null,
  month date not null,
  kind text not null,
  organisation_id text not null,
  status text not null,
  payment_product_type text not null,
  currency_code text not null,
  processor_id text not null,
  blocked boolean not null,
  value text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
);
create index transaction_client_monthly_month_idx on transaction_client_monthly (month, kind);

-- Adds (sign 1) or removes (sign -1) a set of transactions (as JSON rows) from both rollups: live
-- rows only, as every statistics rollup since test mode (migration 0116).
create function transaction_client_add(rows_json jsonb, sign integer) returns void language plpgsql as $$
begin
  insert into transaction_client_daily as d (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
  select r.merchant_id, (r.created_at at time zone 'UTC')::date, k.kind, r.organisation_id, r.status, r.payment_product_type, r.currency_code,
    coalesce(r.processor_id, ''), r.blocked, coalesce(k.value, ''), sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  cross join lateral (values ('platform', r.platform), ('browser', r.browser), ('issuer', r.issuer), ('issuer_country', r.issuer_country)) k(kind, value)
  where r.mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  on conflict (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  insert into transaction_client_monthly as d (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
  select r.merchant_id, date_trunc('month', r.created_at at time zone 'UTC')::date, k.kind, r.organisation_id, r.status, r.payment_product_type, r.currency_code,
    coalesce(r.processor_id, ''), r.blocked, coalesce(k.value, ''), sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  cross join lateral (values ('platform', r.platform), ('browser', r.browser), ('issuer', r.issuer), ('issuer_country', r.issuer_country)) k(kind, value)
  where r.mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  on conflict (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
end $$;

-- Statement-level, like every rollup: inserts and deletes add or remove their rows; an update moves
-- only the rows whose counted columns changed (a status change moves a payment between statuses).
create function transaction_client_apply() returns trigger language plpgsql set enable_nestloop = off as $$
begin
  -- Inserts and deletes straight from the transition table (no JSON round trip: bulk loads are large).
  if tg_op = 'INSERT' then
    insert into transaction_client_daily as d (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
    select r.merchant_id, (r.created_at at time zone 'UTC')::date, k.kind, r.organisation_id, r.status, r.payment_product_type, r.currency_code,
      coalesce(r.processor_id, ''), r.blocked, coalesce(k.value, ''), count(*), sum(r.amount)
    from (select * from new_rows where mode = 'live') r
    cross join lateral (values ('platform', r.platform), ('browser', r.browser), ('issuer', r.issuer), ('issuer_country', r.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
    insert into transaction_client_monthly as d (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
    select r.merchant_id, date_trunc('month', r.created_at at time zone 'UTC')::date, k.kind, r.organisation_id, r.status, r.payment_product_type, r.currency_code,
      coalesce(r.processor_id, ''), r.blocked, coalesce(k.value, ''), count(*), sum(r.amount)
    from (select * from new_rows where mode = 'live') r
    cross join lateral (values ('platform', r.platform), ('browser', r.browser), ('issuer', r.issuer), ('issuer_country', r.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_client_daily as d (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
    select r.merchant_id, (r.created_at at time zone 'UTC')::date, k.kind, r.organisation_id, r.status, r.payment_product_type, r.currency_code,
      coalesce(r.processor_id, ''), r.blocked, coalesce(k.value, ''), -count(*), -sum(r.amount)
    from (select * from old_rows where mode = 'live') r
    cross join lateral (values ('platform', r.platform), ('browser', r.browser), ('issuer', r.issuer), ('issuer_country', r.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
    insert into transaction_client_monthly as d (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
    select r.merchant_id, date_trunc('month', r.created_at at time zone 'UTC')::date, k.kind, r.organisation_id, r.status, r.payment_product_type, r.currency_code,
      coalesce(r.processor_id, ''), r.blocked, coalesce(k.value, ''), -count(*), -sum(r.amount)
    from (select * from old_rows where mode = 'live') r
    cross join lateral (values ('platform', r.platform), ('browser', r.browser), ('issuer', r.issuer), ('issuer_country', r.issuer_country)) k(kind, value)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_client_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from (select * from old_rows where mode = 'live') o join (select * from new_rows where mode = 'live') n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status, o.platform, o.browser, o.issuer, o.issuer_country, o.mode)
        is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status, n.platform, n.browser, n.issuer, n.issuer_country, n.mode);
    perform transaction_client_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from (select * from old_rows where mode = 'live') o join (select * from new_rows where mode = 'live') n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status, o.platform, o.browser, o.issuer, o.issuer_country, o.mode)
        is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status, n.platform, n.browser, n.issuer, n.issuer_country, n.mode);
  end if;
  return null;
end $$;

create trigger transaction_client_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_client_apply();
create trigger transaction_client_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_client_apply();
create trigger transaction_client_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_client_apply();

-- The rollups built again from the transactions (the cache page's "rollups" and the demo load).
create function kassa_rebuild_client_rollups() returns void language plpgsql as $$
begin
  delete from transaction_client_daily;
  delete from transaction_client_monthly;
  insert into transaction_client_daily (merchant_id, day, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
  select r.merchant_id, (r.created_at at time zone 'UTC')::date, k.kind, r.organisation_id, r.status, r.payment_product_type, r.currency_code,
    coalesce(r.processor_id, ''), r.blocked, coalesce(k.value, ''), count(*), sum(r.amount)
  from transaction r
  cross join lateral (values ('platform', r.platform), ('browser', r.browser), ('issuer', r.issuer), ('issuer_country', r.issuer_country)) k(kind, value)
  where r.mode = 'live'
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  insert into transaction_client_monthly (merchant_id, month, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, count, volume)
  select merchant_id, date_trunc('month', day)::date, kind, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, value, sum(count), sum(volume)
  from transaction_client_daily group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
end $$;
