-- Payments area: idempotency keys, payment links, card-add links, scheduled transactions.

-- One row per (caller, key) of a creating call. `request_hash` binds the key to one route and
-- body; the stored answer is replayed for 24 hours. An in-flight row older than its lock is
-- considered abandoned (the process died) and may be taken over.
create table idempotency_key (
  scope text not null,
  key text not null,
  request_hash text not null,
  state text not null default 'in_flight' check (state in ('in_flight', 'done')),
  response_status integer,
  response_body text,
  response_type text,
  locked_until timestamptz not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (scope, key)
);
create index idempotency_key_expires_idx on idempotency_key (expires_at);

create table payment_link (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  payment_profile_id text not null references payment_profile(id),
  customer_id text references customer(id),
  transaction_id text references transaction(id),
  token text not null unique,
  url text not null,
  amount bigint not null check (amount > 0),
  currency_code text not null,
  description text,
  merchant_reference text,
  status text not null default 'CREATED',
  active boolean not null default true,
  expires_at timestamptz not null,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payment_link_merchant_created_idx on payment_link (merchant_id, created_at desc, id desc);
create index payment_link_org_created_idx on payment_link (organisation_id, created_at desc, id desc);

create table card_add_link (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  payment_profile_id text not null references payment_profile(id),
  customer_id text not null references customer(id),
  token text not null unique,
  url text not null,
  description text,
  merchant_reference text,
  status text not null default 'CREATED',
  active boolean not null default true,
  expires_at timestamptz not null,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index card_add_link_merchant_created_idx on card_add_link (merchant_id, created_at desc, id desc);
create index card_add_link_org_created_idx on card_add_link (organisation_id, created_at desc, id desc);

create table scheduled_transaction (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  payment_profile_id text not null references payment_profile(id),
  customer_id text references customer(id),
  subscription_id text,
  amount bigint not null check (amount > 0),
  currency_code text not null,
  due_at timestamptz not null,
  status text not null default 'CREATED' check (status in ('CREATED', 'DONE', 'FAILED')),
  transaction_id text references transaction(id),
  attempts integer not null default 0,
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index scheduled_transaction_merchant_created_idx on scheduled_transaction (merchant_id, created_at desc, id desc);
create index scheduled_transaction_org_created_idx on scheduled_transaction (organisation_id, created_at desc, id desc);
create index scheduled_transaction_due_idx on scheduled_transaction (due_at) where status = 'CREATED';
