-- Issue 30 item 8: one tenant's slow webhook receiver held every worker slot, so everyone's
-- webhooks and every other job waited behind it.
--
-- A job may name a concurrency key (webhook deliveries: the receiving origin). The claim counts
-- the key's running jobs and takes a key's jobs only while it is under its limit; keyed and plain
-- jobs are claimed apart, plain ones first, so reports, expiry and the lifecycle never queue behind
-- deliveries. claimed_at tells how long a running attempt has been at it (a receiver that is slow
-- right now).
alter table job add column concurrency_key text;
alter table job add column claimed_at timestamptz;
create index job_keyed_ready_idx on job (concurrency_key, run_at)
  where concurrency_key is not null and status in ('queued', 'running');
create index job_plain_ready_idx on job (run_at) where concurrency_key is null and status in ('queued', 'running');

-- What the workers learned about a key: how many may run at once while it answers promptly (a
-- new key starts low and doubles with prompt answers; no row: the low start), consecutive
-- timeouts, slow until when (limited to a few in flight), paused until when (no attempt at all;
-- its queued jobs were deferred to then) and how many pauses in a row (each twice as long).
create table job_key_limit (
  key text primary key,
  max_running integer,
  failures integer not null default 0,
  pauses integer not null default 0,
  limited_until timestamptz,
  paused_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Deliveries already queued take the key new ones get (the origin of the URL, lower case).
update job j set concurrency_key = lower(substring(w.url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'))
  from webhook w
  where j.queue = 'webhook.deliver' and j.status in ('queued', 'running') and w.id = j.payload ->> 'webhook_id';
