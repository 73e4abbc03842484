-- API keys of merchant integrations (DESIGN.md: `Authorization: Bearer <key>`). Only a SHA-256
-- hash of the key is stored; `prefix` is its public start, shown in lists to tell keys apart.
create table api_key (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text references organisation(id),
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  roles text[] not null default '{}',
  created_by text,
  created_by_name text,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index api_key_merchant_created_idx on api_key (merchant_id, created_at desc);
create index api_key_org_created_idx on api_key (organisation_id, created_at desc);
