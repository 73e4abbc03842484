-- Issue 36: disputes. A chargeback has a due date to respond by; the merchant answers with a
-- written response and evidence files (stored here, in the database), or accepts it.
alter table chargeback add column due_at timestamptz;
alter table chargeback add column response text check (char_length(response) <= 20000);
alter table chargeback add column responded_at timestamptz;
-- 'submitted' (evidence sent), 'accepted' (the merchant accepted), 'expired' (deadline missed).
alter table chargeback add column response_outcome text check (response_outcome in ('submitted', 'accepted', 'expired'));
alter table chargeback add column reminders_sent integer not null default 0;
create index chargeback_due_idx on chargeback (due_at) where status = 'OPEN' and due_at is not null;

create table dispute_evidence (
  id text primary key,
  chargeback_id text not null references chargeback(id),
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  mode text not null default 'live' check (mode in ('live', 'test')),
  -- The checklist item it proves (e.g. proof_of_delivery), or null for "other".
  kind text check (char_length(kind) <= 60),
  file_name text not null check (char_length(file_name) <= 200),
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
  size integer not null check (size > 0),
  content bytea not null,
  uploaded_by text references app_user(id),
  created_at timestamptz not null default now()
);
create index dispute_evidence_chargeback_idx on dispute_evidence (chargeback_id, created_at);
create index dispute_evidence_merchant_idx on dispute_evidence (merchant_id, mode, created_at desc);
