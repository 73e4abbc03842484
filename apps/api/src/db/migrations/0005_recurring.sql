-- Recurring billing: plans, subscription discounts, subscriptions, attached discounts and the
-- ledger of charged cycles that makes a billing run charge each cycle at most once.

-- checkout_id stays a plain nullable text until checkout designs have a table of their own.
-- Plans and discounts are soft-deleted (deleted_at): ended subscriptions and their history keep
-- pointing at them.
create table plan (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  payment_profile_id text not null references payment_profile(id),
  name text not null,
  description text not null default '',
  dynamic_descriptor text not null default '',
  amount bigint not null check (amount > 0),
  checkout_id text,
  interval text not null check (interval in ('day', 'week', 'month', 'year')),
  interval_count integer not null default 1 check (interval_count >= 1),
  max_billing_cycle integer check (max_billing_cycle >= 1),
  statuses_subscription_update text[] not null default '{}',
  webhook_subscription_update text,
  email_subscription_update text,
  redirect_url text,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index plan_merchant_created_idx on plan (merchant_id, created_at desc, id desc);
create index plan_org_created_idx on plan (organisation_id, created_at desc, id desc);

-- amount: cents for fixed_cents, a fraction (0 < amount <= 1) for percentage.
create table subscription_discount (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  name text not null,
  type text not null default 'fixed_cents' check (type in ('fixed_cents', 'percentage')),
  amount numeric not null check (amount > 0),
  duration integer check (duration >= 1),
  minimum_amount bigint check (minimum_amount >= 0),
  limit_to_first_order boolean not null default false,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (type <> 'percentage' or amount <= 1)
);
create index subscription_discount_merchant_created_idx on subscription_discount (merchant_id, created_at desc, id desc);
create index subscription_discount_org_created_idx on subscription_discount (organisation_id, created_at desc, id desc);

-- amount and payment_profile_id are the plan's at creation; a plan's billing terms cannot change
-- while live subscriptions use it. billing_cycle is the cycle due next (1 = the first order).
-- next_attempt_at is when a billing run may charge next: the due date, or a retry after a failure.
create table subscription (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  customer_id text not null references customer(id),
  plan_id text not null references plan(id),
  payment_profile_id text not null references payment_profile(id),
  amount bigint not null check (amount > 0),
  currency_code text not null,
  payment_product text not null check (payment_product in ('card', 'paypal')),
  token text not null unique,
  subscription_url text not null,
  start_date timestamptz not null,
  billing_cycle integer not null default 1 check (billing_cycle >= 1),
  due_date timestamptz,
  next_attempt_at timestamptz,
  failed_attempts integer not null default 0,
  max_billing_cycle integer check (max_billing_cycle >= 1),
  status text not null default 'CREATED' check (status in ('CREATED', 'ACTIVE', 'PAST_DUE', 'EXPIRED', 'CANCELLED', 'COMPLETED')),
  status_reason text,
  last_paid_cycle integer,
  last_paid_date timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscription_merchant_created_idx on subscription (merchant_id, created_at desc, id desc);
create index subscription_org_created_idx on subscription (organisation_id, created_at desc, id desc);
create index subscription_plan_idx on subscription (plan_id);
create index subscription_customer_idx on subscription (customer_id);
create index subscription_due_idx on subscription (next_attempt_at) where status in ('CREATED', 'ACTIVE', 'PAST_DUE');

-- At most one active discount per subscription, enforced by the database.
create table subscription_discount_attached (
  id text primary key,
  subscription_id text not null references subscription(id) on delete cascade,
  subscription_discount_id text not null references subscription_discount(id),
  active boolean not null default true,
  applied_duration integer not null default 0,
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create unique index subscription_discount_attached_active_idx on subscription_discount_attached (subscription_id) where active;
create index subscription_discount_attached_discount_idx on subscription_discount_attached (subscription_discount_id) where active;

-- One row per charge attempt of a cycle, written in the same database transaction as the
-- charge. The unique keys are the last line of defence against charging a cycle twice: two
-- workers racing for one attempt collide on (subscription_id, cycle, attempt), and a cycle can
-- have at most one successful charge.
create table subscription_cycle_charge (
  id text primary key,
  subscription_id text not null references subscription(id),
  cycle integer not null,
  attempt integer not null,
  amount bigint not null,
  discount_amount bigint not null default 0,
  subscription_discount_id text,
  scheduled_transaction_id text,
  transaction_id text references transaction(id),
  status text not null,
  status_reason text,
  created_at timestamptz not null default now(),
  unique (subscription_id, cycle, attempt)
);
create unique index subscription_cycle_paid_idx on subscription_cycle_charge (subscription_id, cycle) where status = 'SETTLEMENT_REQUESTED';
