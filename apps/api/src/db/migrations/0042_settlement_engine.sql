-- Settlement runs (issue 16): a settlement per merchant, currency and period of its schedule,
-- its items (one per transaction, refund, chargeback, one-off or reserve movement) and a payout.
alter table settlement
  add column settlement_profile_id text references settlement_profile(id),
  add column bank_account_id text references bank_account(id),
  add column gross bigint not null default 0,
  add column refunded bigint not null default 0,
  add column chargebacks bigint not null default 0,
  add column reserve bigint not null default 0,
  add column reserve_released bigint not null default 0,
  add column one_offs bigint not null default 0;
-- Exactly once per merchant, currency and period, however many workers run.
create unique index settlement_engine_period_idx on settlement (merchant_id, currency_code, period_start) where settlement_profile_id is not null;

-- Text ids like every other entity (the query layer compares and pages ids as text), zero-padded
-- so that their text order is the order they were written in.
create sequence settlement_item_seq;
create table settlement_item (
  id text primary key default ('sit_' || lpad(nextval('settlement_item_seq')::text, 12, '0')),
  settlement_id text not null references settlement(id),
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  kind text not null check (kind in ('payment', 'refund', 'chargeback', 'one_off', 'reserve', 'reserve_release', 'carry_over')),
  source_id text not null,
  transaction_id text,
  payment_product text,
  card_brand text,
  -- signed effect on the payout before fees: payments and releases positive, the rest negative
  amount bigint not null,
  fee bigint not null default 0,
  currency_code text not null,
  created_at timestamptz not null default now()
);
-- No transaction, refund, chargeback, one-off or reserve is ever settled twice.
create unique index settlement_item_source_idx on settlement_item (kind, source_id);
create index settlement_item_settlement_idx on settlement_item (settlement_id, id);
create index settlement_item_merchant_created_idx on settlement_item (merchant_id, created_at desc);

create table payout (
  id text primary key,
  settlement_id text not null unique references settlement(id),
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  bank_account_id text not null references bank_account(id),
  amount bigint not null check (amount > 0),
  currency_code text not null,
  status text not null default 'SCHEDULED' check (status in ('SCHEDULED', 'PAID')),
  pay_date date not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payout_merchant_created_idx on payout (merchant_id, created_at desc);
create index payout_due_idx on payout (pay_date) where status = 'SCHEDULED';
