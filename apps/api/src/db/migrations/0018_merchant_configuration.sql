-- The provider's configuration of one merchant (provider → Merchant configuration). No row means
-- the defaults; the MCC stays on the organisation, where the routing and ruleset facts read it.
create table merchant_configuration (
  merchant_id text primary key references organisation(id),
  statement_descriptor text,
  risk_level text not null default 'medium' check (risk_level in ('low', 'medium', 'high')),
  three_ds_policy text not null default 'rulesets' check (three_ds_policy in ('rulesets', 'always')),
  max_transaction_amount bigint check (max_transaction_amount > 0),
  settlement_delay_days integer not null default 2 check (settlement_delay_days between 0 and 30),
  reserve_percentage numeric(5, 2) not null default 0 check (reserve_percentage between 0 and 100),
  reserve_days integer not null default 0 check (reserve_days between 0 and 365),
  refunds_enabled boolean not null default true,
  recurring_enabled boolean not null default true,
  payouts_paused boolean not null default false,
  notes text,
  updated_by text,
  updated_at timestamptz not null default now()
);
