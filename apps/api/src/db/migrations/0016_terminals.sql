-- Card terminals (Developers → Terminals): a device takes payments for one payment profile of its
-- merchant. A serial number is one physical device, so it is unique across all merchants.
create table terminal (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  payment_profile_id text not null references payment_profile(id),
  name text not null,
  serial_number text not null,
  model text not null,
  status text not null default 'active' check (status in ('active', 'inactive')),
  location text,
  last_seen_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index terminal_serial_idx on terminal (serial_number);
create index terminal_merchant_created_idx on terminal (merchant_id, created_at desc);
create index terminal_org_created_idx on terminal (organisation_id, created_at desc);
