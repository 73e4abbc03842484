-- Webhooks (portal.md §2.5, §3 Webhook; SECURITY.md "Webhooks"). One `webhook` row is one event
-- for one URL; its id is the Standard Webhooks `webhook-id`, the same on every retry. Each
-- delivery attempt is a `webhook_attempt` row (the detail's history).
create table webhook (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text references organisation(id),
  url text not null,
  type text not null,
  event text not null,
  item_id text,
  status text,
  payload jsonb not null,
  delivered boolean not null default false,
  delivered_on timestamptz,
  manual boolean not null default false,
  attempts integer not null default 0,
  -- queued: waiting for its next attempt; delivered; failed: the retry window (about 3 days) is over.
  state text not null default 'queued',
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_merchant_created_idx on webhook (merchant_id, created_at desc);
create index webhook_org_created_idx on webhook (organisation_id, created_at desc);
create index webhook_item_idx on webhook (item_id);

create table webhook_attempt (
  id bigserial primary key,
  webhook_id text not null references webhook(id) on delete cascade,
  attempt integer not null,
  created_at timestamptz not null default now(),
  status_code integer,
  duration_ms integer not null,
  -- The receiver's answer, capped; or why nothing was sent (refused address, timeout).
  content text not null default '',
  manual boolean not null default false
);
create index webhook_attempt_webhook_idx on webhook_attempt (webhook_id, created_at);

-- A receiving URL of a merchant and its signing secret (sealed with the secret box). After a
-- rotation the previous secret keeps signing beside the new one until previous_until.
create table webhook_endpoint (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  url text not null,
  secret text not null,
  previous_secret text,
  previous_until timestamptz,
  created_at timestamptz not null default now(),
  rotated_at timestamptz,
  unique (merchant_id, url)
);
