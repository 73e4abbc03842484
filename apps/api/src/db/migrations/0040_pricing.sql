-- Pricing (issue 16): schemes of four types owned by the provider. Money in minor units,
-- percentages in basis points (1 bp = 0.01 %); never floats.
create table pricing_scheme (
  id text primary key,
  organisation_id text not null references organisation(id),
  type text not null check (type in ('revenue', 'cost', 'reserve', 'partner')),
  name text not null,
  description text,
  currency_code text not null default 'EUR',
  active boolean not null default true,
  visible boolean not null default true,
  valid_from date,
  valid_to date,
  -- reserve schemes: the share of gross volume held back and the days until it is released
  reserve_bp integer check (reserve_bp between 0 and 10000),
  reserve_days integer check (reserve_days between 0 and 730),
  -- fee rules: [{ payment_product, card_brand, region, currency_code, fixed, percentage_bp, minimum, maximum }]
  rules jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (valid_to is null or valid_from is null or valid_to >= valid_from)
);
create index pricing_scheme_type_created_idx on pricing_scheme (type, created_at desc);
