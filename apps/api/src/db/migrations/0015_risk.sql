-- Intelligent routing and validation rulesets (risk-config.md §3), each with a version history.

create table routing (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  name text not null,
  payment_product text not null,
  processors text[] not null default '{}',
  details jsonb not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index routing_merchant_idx on routing (merchant_id, created_at desc);
create index routing_org_idx on routing (organisation_id, created_at desc);

create table validation_ruleset (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  name text not null,
  action text not null check (action in ('tag', 'block', '3dSecure')),
  webhook_url text,
  email text,
  tag_id text references tag(id),
  payment_profile_id text references payment_profile(id),
  rules jsonb not null default '[]',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index validation_ruleset_merchant_idx on validation_ruleset (merchant_id, action, created_at desc);
create index validation_ruleset_org_idx on validation_ruleset (organisation_id, created_at desc);

-- Every saved state of a routing or ruleset: who, when, the whole snapshot and the diff to the
-- previous one, so a rollback restores a snapshot and the history reads as changes.
create table config_version (
  id text primary key,
  entity text not null check (entity in ('routing', 'validationruleset')),
  entity_id text not null,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  version integer not null,
  user_id text,
  user_name text,
  change text not null check (change in ('created', 'updated', 'rolled_back', 'deleted')),
  snapshot jsonb not null,
  diff jsonb not null default '[]',
  created_at timestamptz not null default now(),
  unique (entity, entity_id, version)
);
create index config_version_entity_idx on config_version (entity_id, version desc);

-- Facts the rules read that transactions did not keep yet: whether 3-D Secure was asked for, and
-- the merchant category code of the organisation (set per merchant).
alter table transaction add column three_ds boolean not null default false;
alter table organisation add column mcc text;
alter table tag add column updated_at timestamptz not null default now();
