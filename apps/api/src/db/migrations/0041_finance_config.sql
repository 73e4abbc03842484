-- Packages, settlement schedules, settlement profiles and one-offs (issue 16).
create table finance_package (
  id text primary key,
  organisation_id text not null references organisation(id),
  name text not null,
  description text,
  active boolean not null default true,
  revenue_scheme_id text references pricing_scheme(id),
  cost_scheme_id text references pricing_scheme(id),
  reserve_scheme_id text references pricing_scheme(id),
  partner_scheme_id text references pricing_scheme(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index finance_package_created_idx on finance_package (created_at desc);

create table settlement_schedule (
  id text primary key,
  organisation_id text not null references organisation(id),
  name text not null,
  interval text not null check (interval in ('daily', 'weekly', 'monthly')),
  payout_delay_days integer not null default 2 check (payout_delay_days between 0 and 60),
  minimum_payout bigint not null default 0 check (minimum_payout >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index settlement_schedule_created_idx on settlement_schedule (created_at desc);

-- One active profile per merchant and currency: the package it is priced with, its schedule, its payout account.
create table settlement_profile (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  package_id text not null references finance_package(id),
  settlement_schedule_id text not null references settlement_schedule(id),
  bank_account_id text not null references bank_account(id),
  currency_code text not null default 'EUR',
  effective_from date not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index settlement_profile_merchant_created_idx on settlement_profile (merchant_id, created_at desc);
create unique index settlement_profile_merchant_currency_idx on settlement_profile (merchant_id, currency_code) where active;

create table one_off (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  description text not null,
  amount bigint not null check (amount <> 0),
  currency_code text not null default 'EUR',
  effective_date date not null,
  status text not null default 'OPEN' check (status in ('OPEN', 'SETTLED')),
  settlement_id text references settlement(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index one_off_merchant_created_idx on one_off (merchant_id, created_at desc);
create index one_off_open_idx on one_off (merchant_id, currency_code, effective_date) where status = 'OPEN';
