-- Push notifications (portal.md §7 "push-notification subscription and service-worker
-- registration exist in the client"; issue 13): Web Push with VAPID, for the events a user picks
-- in the profile: a new chargeback, a webhook endpoint failing for an hour, a settlement paid.

-- The provider's VAPID key pair when none is given in the environment: made once, shared by every
-- process, the private key sealed with KASSA_SECRET_KEY.
create table push_vapid (
  id integer primary key default 1 check (id = 1),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);

-- One browser of one user; the push service's endpoint is unique to that browser.
create table push_subscription (
  id text primary key,
  user_id text not null references app_user(id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz not null default now(),
  last_sent_at timestamptz,
  last_error text
);
create index push_subscription_user_idx on push_subscription (user_id);

alter table app_user add column push_events text[] not null default '{}';

-- A webhook endpoint failing since when, and whether its users were told (once per failing spell).
alter table webhook_endpoint add column failing_since timestamptz;
alter table webhook_endpoint add column failing_notified_at timestamptz;

-- New chargebacks and paid settlements become `push.event` jobs from every write path, in the
-- writing transaction, but only while someone subscribed to that event (so bulk loads add nothing).
create function push_event_jobs(event text, rows_json jsonb) returns void language sql as $$
  insert into job (queue, payload, max_attempts)
  select 'push.event', jsonb_build_object('event', event, 'id', r->>'id', 'organisation_id', r->>'organisation_id',
      'amount', (r->>'amount')::bigint, 'currency_code', r->>'currency_code'), 3
  from jsonb_array_elements(rows_json) r
  where exists (select 1 from push_subscription s join app_user u on u.id = s.user_id where event = any(u.push_events))
$$;

create function chargeback_push() returns trigger language plpgsql as $$
begin
  if exists (select 1 from push_subscription s join app_user u on u.id = s.user_id where 'chargeback.created' = any(u.push_events)) then
    perform push_event_jobs('chargeback.created', coalesce((select jsonb_agg(to_jsonb(n)) from new_rows n), '[]'));
  end if;
  return null;
end $$;
create trigger chargeback_push after insert on chargeback referencing new table as new_rows for each statement execute function chargeback_push();

create function settlement_push_insert() returns trigger language plpgsql as $$
begin
  if exists (select 1 from push_subscription s join app_user u on u.id = s.user_id where 'settlement.paid' = any(u.push_events)) then
    perform push_event_jobs('settlement.paid', coalesce((select jsonb_agg(to_jsonb(n)) from new_rows n where n.status = 'PAID'), '[]'));
  end if;
  return null;
end $$;
create trigger settlement_push_insert after insert on settlement referencing new table as new_rows for each statement execute function settlement_push_insert();

create function settlement_push_update() returns trigger language plpgsql as $$
begin
  if exists (select 1 from push_subscription s join app_user u on u.id = s.user_id where 'settlement.paid' = any(u.push_events)) then
    perform push_event_jobs('settlement.paid', coalesce((select jsonb_agg(to_jsonb(n)) from new_rows n join old_rows o on o.id = n.id
      where n.status = 'PAID' and o.status is distinct from 'PAID'), '[]'));
  end if;
  return null;
end $$;
create trigger settlement_push_update after update on settlement referencing new table as new_rows old table as old_rows for each statement execute function settlement_push_update();
