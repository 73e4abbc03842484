-- Four eyes on risky configuration (issue 35): a policy per organisation naming the kinds of change
-- that need a second person, and the change requests stored instead of the change.

-- Kinds are write paths (`routing`, `validationruleset`, `paymentprofile`, `bankaccount`). A policy
-- applies to its organisation and everything below it, so the provider's row is the minimum every
-- merchant gets; a merchant may add kinds, never remove what an ancestor asks.
create table change_policy (
  organisation_id text primary key references organisation(id),
  kinds text[] not null default '{}',
  -- A pending request expires after this many hours.
  expiry_hours integer not null default 168 check (expiry_hours between 1 and 2160),
  updated_by text,
  updated_at timestamptz not null default now()
);

create table change_request (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text references organisation(id),
  kind text not null,
  action text not null check (action in ('create', 'update', 'delete')),
  -- The row changed (null for a create until it is approved).
  entity_id text,
  entity_name text,
  -- Exactly the fields sent, replayed on approval; `before` their values at the base version.
  body jsonb not null default '{}',
  before jsonb not null default '{}',
  diff jsonb not null default '[]',
  base_version text,
  note text not null,
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'rejected', 'withdrawn', 'emergency')),
  emergency boolean not null default false,
  emergency_reason text,
  -- An emergency change needs its approval after the fact by then, else it is overdue.
  due_at timestamptz,
  expires_at timestamptz not null,
  requested_by text not null,
  requested_by_name text,
  requested_with text not null default 'jwt',
  decided_by text,
  decided_by_name text,
  decided_at timestamptz,
  decision_comment text,
  backtest jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index change_request_merchant_idx on change_request (merchant_id, status, created_at desc);
create index change_request_entity_idx on change_request (entity_id) where entity_id is not null;
