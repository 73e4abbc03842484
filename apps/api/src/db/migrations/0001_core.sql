-- Kassa core schema. Amounts in minor units, timestamps timestamptz, ids opaque text.
-- Every tenant-owned row carries organisation_id and merchant_id (the top merchant of its
-- organisation): a merchant-wide list filters on merchant_id with one ordered index scan.

create table organisation (
  id text primary key,
  parent_id text references organisation(id),
  merchant_id text references organisation(id),
  type text not null check (type in ('provider', 'merchant', 'sub')),
  path text not null,
  name text not null,
  email text,
  phone text,
  street text,
  street_number text,
  extended_address text,
  country_code text,
  region text,
  postal_code text,
  locality text,
  tax_number text,
  active boolean not null default true,
  mfa_required text check (mfa_required in ('email', 'google')),
  features text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index organisation_parent_idx on organisation (parent_id);
create index organisation_path_idx on organisation (path text_pattern_ops);
create index organisation_merchant_idx on organisation (merchant_id);

create table app_user (
  id text primary key,
  organisation_id text not null references organisation(id),
  email text not null,
  name text not null,
  language text not null default 'nl',
  password_hash text,
  status text not null default 'active' check (status in ('active', 'disabled')),
  failed_logins integer not null default 0,
  locked_until timestamptz,
  mfa_type text check (mfa_type in ('email', 'google')),
  totp_secret text,
  password_changed_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index app_user_email_idx on app_user (lower(email));
create index app_user_org_idx on app_user (organisation_id, created_at desc);

create table user_role (
  user_id text not null references app_user(id) on delete cascade,
  role text not null,
  primary key (user_id, role)
);

create table session (
  id_hash text primary key,
  user_id text not null references app_user(id) on delete cascade,
  mfa_pending boolean not null default false,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index session_user_idx on session (user_id);

create table processor (
  id text primary key,
  organisation_id text not null references organisation(id),
  name text not null,
  description text,
  type text not null default 'processor' check (type in ('processor', 'processorsettlement')),
  gateway text not null default 'direct',
  provider text not null,
  payment_product text,
  processor_settlement_type text,
  details jsonb not null default '[]',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index processor_org_idx on processor (organisation_id, created_at desc);

create table middleware (
  id text primary key,
  organisation_id text not null references organisation(id),
  name text not null,
  provider text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table payment_profile (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text references organisation(id),
  name text not null,
  display_name text not null,
  website text,
  description text,
  currency_code text not null default 'EUR',
  processors text[] not null default '{}',
  middleware text[] not null default '{}',
  routing jsonb not null default '{}',
  bank_account text,
  webhook_chargeback_update text,
  webhook_refund_update text,
  webhook_transaction_update text,
  webhook_failed_email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payment_profile_merchant_idx on payment_profile (merchant_id, created_at desc);
create index payment_profile_org_idx on payment_profile (organisation_id, created_at desc);

create table customer (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text references organisation(id),
  email_address text,
  first_name text,
  last_name text,
  initials text,
  title text,
  gender text,
  postal_code text,
  street_address text,
  house_number text,
  house_number_suffix text,
  city text,
  region text,
  country_code text,
  date_of_birth date,
  fax_number text,
  phone_number text,
  segment text,
  social_security_number text,
  status text not null default 'UNVERIFIED',
  status_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customer_merchant_created_idx on customer (merchant_id, created_at desc);
create index customer_org_created_idx on customer (organisation_id, created_at desc);
create index customer_email_idx on customer (lower(email_address) text_pattern_ops);
create index customer_last_name_idx on customer (lower(last_name) text_pattern_ops);

create table tag (
  id text primary key,
  organisation_id text not null references organisation(id),
  text text not null,
  colour text not null default '#1677ff',
  created_at timestamptz not null default now()
);

create table transaction (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  payment_profile_id text not null references payment_profile(id),
  processor_id text references processor(id),
  customer_id text references customer(id),
  merchant_reference text not null,
  amount bigint not null check (amount >= 0),
  currency_code text not null,
  payment_product_type text not null,
  card_brand text,
  card_bin text,
  card_last4 text,
  recurring_type text not null default 'none',
  status text not null,
  status_reason text,
  blocked boolean not null default false,
  tags text[] not null default '{}',
  country_code text,
  subscription_id text,
  subscription_cycle integer,
  description text,
  processor_id_external text,
  refunded_amount bigint not null default 0,
  status_history jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index transaction_merchant_created_idx on transaction (merchant_id, created_at desc, id desc);
create index transaction_org_created_idx on transaction (organisation_id, created_at desc, id desc);
create index transaction_created_idx on transaction (created_at desc, id desc);
create index transaction_merchant_status_created_idx on transaction (merchant_id, status, created_at desc);
create index transaction_customer_idx on transaction (customer_id, created_at desc);
create index transaction_reference_idx on transaction (merchant_id, merchant_reference);
create index transaction_reference_prefix_idx on transaction (lower(merchant_reference) text_pattern_ops);
create index transaction_subscription_idx on transaction (subscription_id) where subscription_id is not null;
create index transaction_blocked_idx on transaction (merchant_id, created_at desc) where blocked;
create index transaction_tagged_idx on transaction (merchant_id, created_at desc) where tags <> '{}';

create table refund (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  transaction_id text not null references transaction(id),
  payment_profile_id text not null references payment_profile(id),
  amount bigint not null check (amount > 0),
  currency_code text not null,
  reason text,
  status text not null,
  processor_id_external text,
  idempotency_key text,
  created_by text,
  last_status_update timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refund_merchant_created_idx on refund (merchant_id, created_at desc, id desc);
create index refund_org_created_idx on refund (organisation_id, created_at desc, id desc);
create index refund_created_idx on refund (created_at desc);
create index refund_transaction_idx on refund (transaction_id);

create table chargeback (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  transaction_id text not null references transaction(id),
  payment_profile_id text not null references payment_profile(id),
  processor_id text references processor(id),
  settlement_id text,
  amount bigint not null check (amount >= 0),
  currency_code text not null,
  reason_code text,
  reason text,
  status text not null,
  processor_id_external text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chargeback_merchant_created_idx on chargeback (merchant_id, created_at desc, id desc);
create index chargeback_org_created_idx on chargeback (organisation_id, created_at desc);
create index chargeback_created_idx on chargeback (created_at desc);
create index chargeback_transaction_idx on chargeback (transaction_id);

create table settlement (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  payment_profile_id text references payment_profile(id),
  processor_id text references processor(id),
  currency_code text not null default 'EUR',
  amount bigint not null,
  fee bigint not null default 0,
  transaction_count integer not null default 0,
  period_start timestamptz,
  period_end timestamptz,
  status text not null default 'PAID',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index settlement_merchant_created_idx on settlement (merchant_id, created_at desc);
create index settlement_org_created_idx on settlement (organisation_id, created_at desc);

create table audit_log (
  id text primary key,
  organisation_id text references organisation(id),
  user_id text,
  user_name text,
  authentication text not null default 'jwt',
  type text not null,
  route text,
  method text,
  url text,
  origin text,
  response_code integer,
  entity text,
  entity_id text,
  transaction_id text,
  request jsonb,
  response jsonb,
  detail jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc);
create index audit_log_org_created_idx on audit_log (organisation_id, created_at desc);
create index audit_log_transaction_idx on audit_log (transaction_id) where transaction_id is not null;

-- Audit rows are append-only.
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end $$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();

create table job (
  id bigserial primary key,
  queue text not null,
  payload jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 10,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  unique_key text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index job_ready_idx on job (run_at) where status in ('queued', 'running');
create unique index job_unique_key_idx on job (queue, unique_key) where unique_key is not null and status in ('queued', 'running');

create table mail (
  id text primary key,
  to_address text not null,
  subject text not null,
  html text not null,
  text text not null,
  template text,
  status text not null default 'queued',
  transport text,
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_created_idx on mail (created_at desc);

create table app_setting (
  key text primary key,
  value jsonb not null
);
