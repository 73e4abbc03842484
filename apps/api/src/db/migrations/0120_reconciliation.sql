-- Issue 34: processor settlement files and reconciliation. A settlement file is one acquirer
-- report (one processor account, one settlement day), imported once (its hash is unique per
-- processor settlement); its lines are matched to transactions, refunds and chargebacks; every
-- line that does not match exactly, and every payment no file confirmed in time, is an exception.
-- Payment-side tables carry the mode (issue 38's contract).
create table settlement_file (
  id text primary key,
  organisation_id text not null references organisation(id),
  mode text not null default 'live' check (mode in ('live', 'test')),
  processor_settlement_id text not null references processor(id),
  settlement_update_id text,
  source text not null check (source in ('sandbox', 'upload')),
  format text not null,
  file_name text not null,
  file_hash text not null,
  settlement_date date,
  batch_number text,
  currency_code text,
  line_count integer not null default 0,
  matched_count integer not null default 0,
  exception_count integer not null default 0,
  -- What Kassa expected the acquirer to pay in (net of the matched lines' expected fees) and what
  -- the file's payout line says it paid in.
  expected_net bigint not null default 0,
  paid_in bigint,
  created_by text,
  created_at timestamptz not null default now(),
  unique (processor_settlement_id, file_hash)
);
create index settlement_file_created_idx on settlement_file (mode, created_at desc, id desc);
create index settlement_file_update_idx on settlement_file (settlement_update_id) where settlement_update_id is not null;
create index settlement_file_day_idx on settlement_file (processor_settlement_id, settlement_date);

create table settlement_line (
  file_id text not null references settlement_file(id),
  line_no integer not null,
  mode text not null default 'live' check (mode in ('live', 'test')),
  kind text not null check (kind in ('payment', 'refund', 'chargeback', 'chargeback_reversal', 'payout')),
  acquirer_reference text,
  merchant_reference text,
  settled_on date not null,
  currency_code text not null,
  amount bigint not null,
  interchange bigint not null default 0,
  scheme_fee bigint not null default 0,
  markup bigint not null default 0,
  net bigint not null,
  expected_amount bigint,
  expected_fee bigint,
  matched_type text check (matched_type in ('transaction', 'refund', 'chargeback')),
  matched_id text,
  merchant_id text,
  outcome text not null check (outcome in ('matched', 'exception', 'payout')),
  primary key (file_id, line_no)
);
create index settlement_line_matched_idx on settlement_line (matched_id) where matched_id is not null;

create table reconciliation_exception (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text references organisation(id),
  mode text not null default 'live' check (mode in ('live', 'test')),
  processor_settlement_id text not null references processor(id),
  file_id text references settlement_file(id),
  line_no integer,
  kind text not null check (kind in ('fee_difference', 'late_settlement', 'missing_payment', 'unknown_payment', 'duplicate_line', 'amount_difference')),
  item_type text check (item_type in ('transaction', 'refund', 'chargeback')),
  item_id text,
  acquirer_reference text,
  merchant_reference text,
  currency_code text not null,
  expected_amount bigint,
  actual_amount bigint,
  amount_difference bigint not null default 0,
  state text not null default 'open' check (state in ('open', 'investigating', 'write_off_requested', 'resolved', 'written_off')),
  owner_id text references app_user(id),
  reason text,
  write_off_requested_by text references app_user(id),
  decided_by text references app_user(id),
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reconciliation_exception_merchant_idx on reconciliation_exception (merchant_id, mode, created_at desc, id desc);
create index reconciliation_exception_org_idx on reconciliation_exception (organisation_id, mode, created_at desc, id desc);
create index reconciliation_exception_created_idx on reconciliation_exception (mode, created_at desc, id desc);
create index reconciliation_exception_file_idx on reconciliation_exception (file_id) where file_id is not null;
-- A payment is reported missing once; the file that later confirms it resolves that exception.
create unique index reconciliation_exception_missing_idx on reconciliation_exception (item_id) where kind = 'missing_payment';

-- Matching by the acquirer's reference.
create index transaction_processor_ref_idx on transaction (processor_id_external) where processor_id_external is not null;
create index refund_processor_ref_idx on refund (processor_id_external) where processor_id_external is not null;
create index chargeback_processor_ref_idx on chargeback (processor_id_external) where processor_id_external is not null;

-- A run's outcome on the settlement update screen.
alter table settlement_update add column file_count integer, add column line_count integer,
  add column matched_count integer, add column exception_count integer;
