-- Issue 14, cheaper payments.
--
-- 1. API keys are kept validated per process like sessions (plugins/session-cache.ts): every
--    change that can end or narrow a key notifies channel kassa_auth (migration 0055), so each API
--    process drops what it holds at once. Touching last_used_at notifies nobody.
create trigger api_key_auth_changed after update of key_hash, roles, revoked_at, organisation_id, name or delete on api_key
  for each statement execute function kassa_auth_changed();
create trigger api_key_auth_truncated after truncate on api_key for each statement execute function kassa_auth_changed();

-- 2. The customer rollups (0027 customer_monthly, 0071 customer_totals) return at once when no row
--    of the statement has a customer (most payments of integrations): before, customer_monthly
--    planned and ran its SQL function on an empty set for every payment. What they write is unchanged.
create or replace function customer_monthly_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if not exists (select 1 from new_rows where customer_id is not null) then return null; end if;
    perform customer_monthly_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1) from new_rows n
      where n.customer_id is not null and n.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED');
  elsif tg_op = 'DELETE' then
    if not exists (select 1 from old_rows where customer_id is not null) then return null; end if;
    perform customer_monthly_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1) from old_rows o
      where o.customer_id is not null and o.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED');
  else
    if not exists (select 1 from old_rows where customer_id is not null)
      and not exists (select 1 from new_rows where customer_id is not null) then
      return null;
    end if;
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

create or replace function customer_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if not exists (select 1 from new_rows where customer_id is not null) then return null; end if;
    insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
    select merchant_id, customer_id, currency_code, count(*), sum(amount)
    from new_rows where customer_id is not null group by 1, 2, 3
    on conflict (merchant_id, customer_id, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  elsif tg_op = 'DELETE' then
    if not exists (select 1 from old_rows where customer_id is not null) then return null; end if;
    insert into customer_totals as d (merchant_id, customer_id, currency_code, count, volume)
    select merchant_id, customer_id, currency_code, -count(*), -sum(amount)
    from old_rows where customer_id is not null group by 1, 2, 3
    on conflict (merchant_id, customer_id, currency_code)
    do update set count = d.count + excluded.count, volume = d.volume + excluded.volume;
  else
    if not exists (select 1 from old_rows where customer_id is not null)
      and not exists (select 1 from new_rows where customer_id is not null) then
      return null;
    end if;
    perform customer_totals_add(coalesce(jsonb_agg(to_jsonb(o)), '[]'), -1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.currency_code, o.customer_id, o.merchant_id) is distinct from (n.amount, n.currency_code, n.customer_id, n.merchant_id);
    perform customer_totals_add(coalesce(jsonb_agg(to_jsonb(n)), '[]'), 1)
      from old_rows o join new_rows n on n.id = o.id
      where (o.amount, o.currency_code, o.customer_id, o.merchant_id) is distinct from (n.amount, n.currency_code, n.customer_id, n.merchant_id);
  end if;
  return null;
end $$;
