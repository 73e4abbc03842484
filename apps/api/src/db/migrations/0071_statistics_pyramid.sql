-- Per UTC month rollup of transactions (the dimensions of transaction_hourly). Sums over a range
-- that need no local time (totals, group_by, lifecycle, outcomes, processor and merchant revenue)
-- read whole months from here, whole days from transaction_daily, whole hours from
-- transaction_hourly and only the rest from rows (modules/statistics/pyramid.ts): a year is 11 or
-- 12 months and at most about 60 days per combination instead of 8,760 hours.

create table transaction_monthly (
  merchant_id text not null,
  month date not null,
  organisation_id text not null,
  status text not null,
  payment_product_type text not null,
  currency_code text not null,
  processor_id text not null,
  blocked boolean not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
);

create function transaction_monthly_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select r.merchant_id, date_trunc('month', r.created_at at time zone 'UTC')::date, r.organisation_id, r.status, r.payment_product_type, r.currency_code, coalesce(r.processor_id, ''), r.blocked, sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_monthly_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_monthly_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status);
    perform transaction_monthly_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status);
  end if;
  return null;
end $$;

create trigger transaction_monthly_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_monthly_apply();
create trigger transaction_monthly_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_monthly_apply();
create trigger transaction_monthly_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_monthly_apply();

create index transaction_monthly_month_idx on transaction_monthly (month);

-- Per UTC day and month rollups by the transaction's country and card scheme ('' = none), for
-- transaction/aggregate/location (the country map) and statistics/scheme, read like
-- transaction_monthly: months, then days, then transaction_country_hourly's hours, then rows.

create table transaction_country_daily (
  merchant_id text not null,
  day date not null,
  organisation_id text not null,
  status text not null,
  payment_product_type text not null,
  currency_code text not null,
  processor_id text not null,
  blocked boolean not null,
  country_code text not null,
  card_brand text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
);

create function transaction_country_daily_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_country_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
  select r.merchant_id, (r.created_at at time zone 'UTC')::date, r.organisation_id, r.status, r.payment_product_type, r.currency_code, coalesce(r.processor_id, ''), r.blocked, coalesce(r.country_code, ''), coalesce(r.card_brand, ''), sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_country_daily_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_country_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_country_daily as d (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_country_daily_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.card_brand, o.country_code, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status) is distinct from (n.amount, n.blocked, n.card_brand, n.country_code, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status);
    perform transaction_country_daily_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.card_brand, o.country_code, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status) is distinct from (n.amount, n.blocked, n.card_brand, n.country_code, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status);
  end if;
  return null;
end $$;

create trigger transaction_country_daily_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_country_daily_apply();
create trigger transaction_country_daily_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_country_daily_apply();
create trigger transaction_country_daily_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_country_daily_apply();

create index transaction_country_daily_day_idx on transaction_country_daily (day);


create table transaction_country_monthly (
  merchant_id text not null,
  month date not null,
  organisation_id text not null,
  status text not null,
  payment_product_type text not null,
  currency_code text not null,
  processor_id text not null,
  blocked boolean not null,
  country_code text not null,
  card_brand text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
);

create function transaction_country_monthly_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_country_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
  select r.merchant_id, date_trunc('month', r.created_at at time zone 'UTC')::date, r.organisation_id, r.status, r.payment_product_type, r.currency_code, coalesce(r.processor_id, ''), r.blocked, coalesce(r.country_code, ''), coalesce(r.card_brand, ''), sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_country_monthly_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_country_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_country_monthly as d (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    on conflict (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_country_monthly_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.card_brand, o.country_code, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status) is distinct from (n.amount, n.blocked, n.card_brand, n.country_code, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status);
    perform transaction_country_monthly_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.card_brand, o.country_code, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.payment_product_type, o.processor_id, o.status) is distinct from (n.amount, n.blocked, n.card_brand, n.country_code, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.payment_product_type, n.processor_id, n.status);
  end if;
  return null;
end $$;

create trigger transaction_country_monthly_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_country_monthly_apply();
create trigger transaction_country_monthly_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_country_monthly_apply();
create trigger transaction_country_monthly_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_country_monthly_apply();

create index transaction_country_monthly_month_idx on transaction_country_monthly (month);

-- Narrow rollups for the statistics dashboards, which filter by range, currency and organisation
-- only: without status, product and processor a year has a few thousand rows instead of tens of
-- thousands. Calls with a status, product or processor filter read the wide rollups. Local means
-- Europe/Amsterdam (the default statistics zone); other whole-hour zones read the hourly one.

create table transaction_local_daily_totals (
  merchant_id text not null,
  day date not null,
  organisation_id text not null,
  currency_code text not null,
  blocked boolean not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, organisation_id, currency_code, blocked)
);

create function transaction_local_daily_totals_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_local_daily_totals as d (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
  select r.merchant_id, (r.created_at at time zone 'Europe/Amsterdam')::date, r.organisation_id, r.currency_code, r.blocked, sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5
  on conflict (merchant_id, day, organisation_id, currency_code, blocked)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_local_daily_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_local_daily_totals as d (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_local_daily_totals as d (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_local_daily_totals_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id);
    perform transaction_local_daily_totals_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id);
  end if;
  return null;
end $$;

create trigger transaction_local_daily_totals_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_local_daily_totals_apply();
create trigger transaction_local_daily_totals_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_local_daily_totals_apply();
create trigger transaction_local_daily_totals_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_local_daily_totals_apply();

create index transaction_local_daily_totals_day_idx on transaction_local_daily_totals (day);


create table transaction_hourly_totals (
  merchant_id text not null,
  hour timestamptz not null,
  organisation_id text not null,
  currency_code text not null,
  blocked boolean not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, hour, organisation_id, currency_code, blocked)
);

create function transaction_hourly_totals_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_hourly_totals as d (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
  select r.merchant_id, date_trunc('hour', r.created_at at time zone 'UTC') at time zone 'UTC', r.organisation_id, r.currency_code, r.blocked, sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5
  on conflict (merchant_id, hour, organisation_id, currency_code, blocked)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_hourly_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_hourly_totals as d (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, currency_code, blocked, count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_hourly_totals as d (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
    select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, currency_code, blocked, -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5
    on conflict (merchant_id, hour, organisation_id, currency_code, blocked)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_hourly_totals_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id);
    perform transaction_hourly_totals_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id);
  end if;
  return null;
end $$;

create trigger transaction_hourly_totals_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_hourly_totals_apply();
create trigger transaction_hourly_totals_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_hourly_totals_apply();
create trigger transaction_hourly_totals_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_hourly_totals_apply();

create index transaction_hourly_totals_hour_idx on transaction_hourly_totals (hour);


create table transaction_local_cells_monthly (
  merchant_id text not null,
  month date not null,
  organisation_id text not null,
  currency_code text not null,
  blocked boolean not null,
  isodow smallint not null,
  local_hour smallint not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour)
);

create function transaction_local_cells_monthly_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into transaction_local_cells_monthly as d (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
  select r.merchant_id, date_trunc('month', r.created_at at time zone 'Europe/Amsterdam')::date, r.organisation_id, r.currency_code, r.blocked, extract(isodow from r.created_at at time zone 'Europe/Amsterdam')::smallint, extract(hour from r.created_at at time zone 'Europe/Amsterdam')::smallint, sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r
  group by 1, 2, 3, 4, 5, 6, 7
  on conflict (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function transaction_local_cells_monthly_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into transaction_local_cells_monthly as d (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint, count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5, 6, 7
    on conflict (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into transaction_local_cells_monthly as d (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
    select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint, -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5, 6, 7
    on conflict (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform transaction_local_cells_monthly_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id);
    perform transaction_local_cells_monthly_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.blocked, o.created_at, o.currency_code, o.merchant_id, o.organisation_id) is distinct from (n.amount, n.blocked, n.created_at, n.currency_code, n.merchant_id, n.organisation_id);
  end if;
  return null;
end $$;

create trigger transaction_local_cells_monthly_insert after insert on transaction
  referencing new table as new_rows for each statement execute function transaction_local_cells_monthly_apply();
create trigger transaction_local_cells_monthly_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_local_cells_monthly_apply();
create trigger transaction_local_cells_monthly_delete after delete on transaction
  referencing old table as old_rows for each statement execute function transaction_local_cells_monthly_apply();

create index transaction_local_cells_monthly_month_idx on transaction_local_cells_monthly (month);

-- New customers and refunds per local (Europe/Amsterdam) day, and customers per segment, for the
-- customer and refund statistics (partial days at the ends of a range come from the rows).

create table customer_local_daily (
  merchant_id text not null,
  day date not null,
  organisation_id text not null,
  status text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, organisation_id, status)
);

create function customer_local_daily_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into customer_local_daily as d (merchant_id, day, organisation_id, status, count, volume)
  select r.merchant_id, (r.created_at at time zone 'Europe/Amsterdam')::date, r.organisation_id, r.status, sign * count(*), sign * sum(0)
  from jsonb_populate_recordset(null::customer, rows_json) r
  group by 1, 2, 3, 4
  on conflict (merchant_id, day, organisation_id, status)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function customer_local_daily_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_local_daily as d (merchant_id, day, organisation_id, status, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, count(*), sum(0)
    from new_rows group by 1, 2, 3, 4
    on conflict (merchant_id, day, organisation_id, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into customer_local_daily as d (merchant_id, day, organisation_id, status, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, -count(*), -sum(0)
    from old_rows group by 1, 2, 3, 4
    on conflict (merchant_id, day, organisation_id, status)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform customer_local_daily_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.created_at, o.merchant_id, o.organisation_id, o.status) is distinct from (n.created_at, n.merchant_id, n.organisation_id, n.status);
    perform customer_local_daily_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.created_at, o.merchant_id, o.organisation_id, o.status) is distinct from (n.created_at, n.merchant_id, n.organisation_id, n.status);
  end if;
  return null;
end $$;

create trigger customer_local_daily_insert after insert on customer
  referencing new table as new_rows for each statement execute function customer_local_daily_apply();
create trigger customer_local_daily_update after update on customer
  referencing old table as old_rows new table as new_rows for each statement execute function customer_local_daily_apply();
create trigger customer_local_daily_delete after delete on customer
  referencing old table as old_rows for each statement execute function customer_local_daily_apply();

create index customer_local_daily_day_idx on customer_local_daily (day);


create table refund_local_daily (
  merchant_id text not null,
  day date not null,
  organisation_id text not null,
  status text not null,
  currency_code text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, day, organisation_id, status, currency_code)
);

create function refund_local_daily_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into refund_local_daily as d (merchant_id, day, organisation_id, status, currency_code, count, volume)
  select r.merchant_id, (r.created_at at time zone 'Europe/Amsterdam')::date, r.organisation_id, r.status, r.currency_code, sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::refund, rows_json) r
  group by 1, 2, 3, 4, 5
  on conflict (merchant_id, day, organisation_id, status, currency_code)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function refund_local_daily_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into refund_local_daily as d (merchant_id, day, organisation_id, status, currency_code, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, currency_code, count(*), sum(amount)
    from new_rows group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, organisation_id, status, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into refund_local_daily as d (merchant_id, day, organisation_id, status, currency_code, count, volume)
    select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, currency_code, -count(*), -sum(amount)
    from old_rows group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, organisation_id, status, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform refund_local_daily_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.status) is distinct from (n.amount, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.status);
    perform refund_local_daily_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.created_at, o.currency_code, o.merchant_id, o.organisation_id, o.status) is distinct from (n.amount, n.created_at, n.currency_code, n.merchant_id, n.organisation_id, n.status);
  end if;
  return null;
end $$;

create trigger refund_local_daily_insert after insert on refund
  referencing new table as new_rows for each statement execute function refund_local_daily_apply();
create trigger refund_local_daily_update after update on refund
  referencing old table as old_rows new table as new_rows for each statement execute function refund_local_daily_apply();
create trigger refund_local_daily_delete after delete on refund
  referencing old table as old_rows for each statement execute function refund_local_daily_apply();

create index refund_local_daily_day_idx on refund_local_daily (day);

-- Every customer's transactions of all time per currency: an upper bound of its count and volume in
-- any range with any filter (amounts are never negative), so customer/aggregate/best reads
-- customers in the order of this bound and stops once no later one can reach the top (a
-- threshold algorithm; modules/statistics/best-customers.ts) instead of a year of transactions.

create table customer_totals (
  merchant_id text not null,
  customer_id text not null,
  currency_code text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  primary key (merchant_id, customer_id, currency_code)
);

create function customer_totals_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
  select r.merchant_id, r.customer_id, r.currency_code, sign * count(*), sign * sum(r.amount)
  from jsonb_populate_recordset(null::transaction, rows_json) r where r.customer_id is not null
  group by 1, 2, 3
  on conflict (merchant_id, customer_id, currency_code)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume
$$;

create function customer_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
    select merchant_id, customer_id, currency_code, count(*), sum(amount)
    from new_rows where customer_id is not null group by 1, 2, 3
    on conflict (merchant_id, customer_id, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
    select merchant_id, customer_id, currency_code, -count(*), -sum(amount)
    from old_rows where customer_id is not null group by 1, 2, 3
    on conflict (merchant_id, customer_id, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    perform customer_totals_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.currency_code, o.customer_id, o.merchant_id) is distinct from (n.amount, n.currency_code, n.customer_id, n.merchant_id);
    perform customer_totals_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.currency_code, o.customer_id, o.merchant_id) is distinct from (n.amount, n.currency_code, n.customer_id, n.merchant_id);
  end if;
  return null;
end $$;

create trigger customer_totals_insert after insert on transaction
  referencing new table as new_rows for each statement execute function customer_totals_apply();
create trigger customer_totals_update after update on transaction
  referencing old table as old_rows new table as new_rows for each statement execute function customer_totals_apply();
create trigger customer_totals_delete after delete on transaction
  referencing old table as old_rows for each statement execute function customer_totals_apply();


create table customer_segment_count (
  merchant_id text not null,
  organisation_id text not null,
  segment text not null,
  count bigint not null default 0,
  volume bigint not null default 0,
  recency_n bigint not null default 0,
  recency_sum bigint not null default 0,
  frequency_n bigint not null default 0,
  frequency_sum bigint not null default 0,
  monetary_n bigint not null default 0,
  monetary_sum bigint not null default 0,
  primary key (merchant_id, organisation_id, segment)
);

create function customer_segment_count_add(rows_json jsonb, sign integer) returns void language sql as $$
  insert into customer_segment_count as d (merchant_id, organisation_id, segment, count, volume, recency_n, recency_sum, frequency_n, frequency_sum, monetary_n, monetary_sum)
  select r.merchant_id, r.organisation_id, coalesce(r.segment, 'none'), sign * count(*), sign * sum(0), sign * count(r.rfm_recency), sign * coalesce(sum(r.rfm_recency), 0), sign * count(r.rfm_frequency), sign * coalesce(sum(r.rfm_frequency), 0), sign * count(r.rfm_monetary), sign * coalesce(sum(r.rfm_monetary), 0)
  from jsonb_populate_recordset(null::customer, rows_json) r
  group by 1, 2, 3
  on conflict (merchant_id, organisation_id, segment)
  do update set count = d.count + excluded.count, volume = d.volume + excluded.volume, recency_n = d.recency_n + excluded.recency_n, recency_sum = d.recency_sum + excluded.recency_sum, frequency_n = d.frequency_n + excluded.frequency_n, frequency_sum = d.frequency_sum + excluded.frequency_sum, monetary_n = d.monetary_n + excluded.monetary_n, monetary_sum = d.monetary_sum + excluded.monetary_sum
$$;

create function customer_segment_count_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into customer_segment_count as d (merchant_id, organisation_id, segment, count, volume, recency_n, recency_sum, frequency_n, frequency_sum, monetary_n, monetary_sum)
    select merchant_id, organisation_id, coalesce(segment, 'none'), count(*), sum(0), count(rfm_recency), coalesce(sum(rfm_recency), 0), count(rfm_frequency), coalesce(sum(rfm_frequency), 0), count(rfm_monetary), coalesce(sum(rfm_monetary), 0)
    from new_rows group by 1, 2, 3
    on conflict (merchant_id, organisation_id, segment)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume, recency_n = d.recency_n + excluded.recency_n, recency_sum = d.recency_sum + excluded.recency_sum, frequency_n = d.frequency_n + excluded.frequency_n, frequency_sum = d.frequency_sum + excluded.frequency_sum, monetary_n = d.monetary_n + excluded.monetary_n, monetary_sum = d.monetary_sum + excluded.monetary_sum;
  elsif tg_op = 'DELETE' then
    insert into customer_segment_count as d (merchant_id, organisation_id, segment, count, volume, recency_n, recency_sum, frequency_n, frequency_sum, monetary_n, monetary_sum)
    select merchant_id, organisation_id, coalesce(segment, 'none'), -count(*), -sum(0), -count(rfm_recency), -coalesce(sum(rfm_recency), 0), -count(rfm_frequency), -coalesce(sum(rfm_frequency), 0), -count(rfm_monetary), -coalesce(sum(rfm_monetary), 0)
    from old_rows group by 1, 2, 3
    on conflict (merchant_id, organisation_id, segment)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume, recency_n = d.recency_n + excluded.recency_n, recency_sum = d.recency_sum + excluded.recency_sum, frequency_n = d.frequency_n + excluded.frequency_n, frequency_sum = d.frequency_sum + excluded.frequency_sum, monetary_n = d.monetary_n + excluded.monetary_n, monetary_sum = d.monetary_sum + excluded.monetary_sum;
  else
    perform customer_segment_count_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.merchant_id, o.organisation_id, o.rfm_frequency, o.rfm_monetary, o.rfm_recency, o.segment) is distinct from (n.merchant_id, n.organisation_id, n.rfm_frequency, n.rfm_monetary, n.rfm_recency, n.segment);
    perform customer_segment_count_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.merchant_id, o.organisation_id, o.rfm_frequency, o.rfm_monetary, o.rfm_recency, o.segment) is distinct from (n.merchant_id, n.organisation_id, n.rfm_frequency, n.rfm_monetary, n.rfm_recency, n.segment);
  end if;
  return null;
end $$;

create trigger customer_segment_count_insert after insert on customer
  referencing new table as new_rows for each statement execute function customer_segment_count_apply();
create trigger customer_segment_count_update after update on customer
  referencing old table as old_rows new table as new_rows for each statement execute function customer_segment_count_apply();
create trigger customer_segment_count_delete after delete on customer
  referencing old table as old_rows for each statement execute function customer_segment_count_apply();

create index customer_totals_volume_idx on customer_totals (merchant_id, currency_code, volume desc, customer_id);
create index customer_totals_count_idx on customer_totals (merchant_id, currency_code, count desc, customer_id);
create index customer_totals_all_volume_idx on customer_totals (currency_code, volume desc, customer_id);
create index customer_totals_all_count_idx on customer_totals (currency_code, count desc, customer_id);

-- customer/aggregate/rfm's 'updated' is the newest score time in scope: read backwards through this index.
create index customer_rfm_updated_idx on customer (rfm_updated_at);

-- Every statistics rollup built again from its rows (the cache page's 'statistics rollups'; the
-- caller holds share locks on transaction, customer and refund so that no write falls between
-- delete and insert).
create function kassa_rebuild_statistics_rollups() returns void language plpgsql as $$
begin
  delete from transaction_daily;
  insert into transaction_daily (merchant_id, organisation_id, day, status, payment_product_type, currency_code, processor_id, blocked, tagged, count, volume)
  select merchant_id, organisation_id, (created_at at time zone 'UTC')::date, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, tags <> '{}', count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  delete from transaction_hourly;
  insert into transaction_hourly (merchant_id, organisation_id, hour, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select merchant_id, organisation_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7, 8;
  delete from transaction_local_daily;
  insert into transaction_local_daily (merchant_id, organisation_id, day, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select merchant_id, organisation_id, (created_at at time zone 'Europe/Amsterdam')::date, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7, 8;
  delete from transaction_country_hourly;
  insert into transaction_country_hourly (merchant_id, organisation_id, hour, status, payment_product_type, currency_code, processor_id, blocked, country_code, count, volume)
  select merchant_id, organisation_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  delete from transaction_monthly;
  insert into transaction_monthly (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
  select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7, 8;
  delete from transaction_country_daily;
  insert into transaction_country_daily (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
  select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  delete from transaction_country_monthly;
  insert into transaction_country_monthly (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
  select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  delete from transaction_local_daily_totals;
  insert into transaction_local_daily_totals (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5;
  delete from transaction_hourly_totals;
  insert into transaction_hourly_totals (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
  select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, currency_code, blocked, count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5;
  delete from transaction_local_cells_monthly;
  insert into transaction_local_cells_monthly (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
  select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint, count(*), sum(amount)
  from transaction group by 1, 2, 3, 4, 5, 6, 7;
  delete from customer_local_daily;
  insert into customer_local_daily (merchant_id, day, organisation_id, status, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, count(*), sum(0)
  from customer group by 1, 2, 3, 4;
  delete from refund_local_daily;
  insert into refund_local_daily (merchant_id, day, organisation_id, status, currency_code, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, currency_code, count(*), sum(amount)
  from refund group by 1, 2, 3, 4, 5;
  delete from customer_totals;
  insert into customer_totals (merchant_id, customer_id, currency_code, count, volume)
  select merchant_id, customer_id, currency_code, count(*), sum(amount)
  from transaction where customer_id is not null group by 1, 2, 3;
  delete from customer_segment_count;
  insert into customer_segment_count (merchant_id, organisation_id, segment, count, volume, recency_n, recency_sum, frequency_n, frequency_sum, monetary_n, monetary_sum)
  select merchant_id, organisation_id, coalesce(segment, 'none'), count(*), sum(0), count(rfm_recency), coalesce(sum(rfm_recency), 0), count(rfm_frequency), coalesce(sum(rfm_frequency), 0), count(rfm_monetary), coalesce(sum(rfm_monetary), 0)
  from customer group by 1, 2, 3;
end $$;

-- Rows that were already there when this migration ran.
delete from transaction_monthly;
insert into transaction_monthly (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, count, volume)
select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5, 6, 7, 8;
delete from transaction_country_daily;
insert into transaction_country_daily (merchant_id, day, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
select merchant_id, (created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
delete from transaction_country_monthly;
insert into transaction_country_monthly (merchant_id, month, organisation_id, status, payment_product_type, currency_code, processor_id, blocked, country_code, card_brand, count, volume)
select merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, organisation_id, status, payment_product_type, currency_code, coalesce(processor_id, ''), blocked, coalesce(country_code, ''), coalesce(card_brand, ''), count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
delete from transaction_local_daily_totals;
insert into transaction_local_daily_totals (merchant_id, day, organisation_id, currency_code, blocked, count, volume)
select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5;
delete from transaction_hourly_totals;
insert into transaction_hourly_totals (merchant_id, hour, organisation_id, currency_code, blocked, count, volume)
select merchant_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', organisation_id, currency_code, blocked, count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5;
delete from transaction_local_cells_monthly;
insert into transaction_local_cells_monthly (merchant_id, month, organisation_id, currency_code, blocked, isodow, local_hour, count, volume)
select merchant_id, date_trunc('month', created_at at time zone 'Europe/Amsterdam')::date, organisation_id, currency_code, blocked, extract(isodow from created_at at time zone 'Europe/Amsterdam')::smallint, extract(hour from created_at at time zone 'Europe/Amsterdam')::smallint, count(*), sum(amount)
from transaction group by 1, 2, 3, 4, 5, 6, 7;
delete from customer_local_daily;
insert into customer_local_daily (merchant_id, day, organisation_id, status, count, volume)
select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, count(*), sum(0)
from customer group by 1, 2, 3, 4;
delete from refund_local_daily;
insert into refund_local_daily (merchant_id, day, organisation_id, status, currency_code, count, volume)
select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, currency_code, count(*), sum(amount)
from refund group by 1, 2, 3, 4, 5;
delete from customer_totals;
insert into customer_totals (merchant_id, customer_id, currency_code, count, volume)
select merchant_id, customer_id, currency_code, count(*), sum(amount)
from transaction where customer_id is not null group by 1, 2, 3;
delete from customer_segment_count;
insert into customer_segment_count (merchant_id, organisation_id, segment, count, volume, recency_n, recency_sum, frequency_n, frequency_sum, monetary_n, monetary_sum)
select merchant_id, organisation_id, coalesce(segment, 'none'), count(*), sum(0), count(rfm_recency), coalesce(sum(rfm_recency), 0), count(rfm_frequency), coalesce(sum(rfm_frequency), 0), count(rfm_monetary), coalesce(sum(rfm_monetary), 0)
from customer group by 1, 2, 3;
