-- Generated transaction reports (reports/transactions) and report schedules (reports/schedules).
-- A report keeps the filters and columns it was made with and the scope of the user who made it,
-- so the job that writes it later sees exactly the rows that user could see. The CSV is stored in
-- chunks (one per cursor batch), written and downloaded as a stream.
create table report (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  name text not null,
  filters jsonb not null default '{}',
  fields text[] not null,
  scope jsonb not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'PROCESSED')),
  count integer,
  progress integer not null default 0,
  size_bytes bigint,
  schedule_id text,
  created_by_name text,
  created_at timestamptz not null default now(),
  processed_at timestamptz
);
create index report_created_idx on report (created_at desc);
create index report_merchant_created_idx on report (merchant_id, created_at desc);

create table report_chunk (
  report_id text not null references report(id) on delete cascade,
  seq integer not null,
  data text not null,
  primary key (report_id, seq)
);

create table report_schedule (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  name text not null,
  filters jsonb not null default '{}',
  fields text[] not null,
  scope jsonb not null,
  frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
  email text not null,
  language text not null default 'nl',
  -- The start (local date) of the last period a report was made for: the conditional update of
  -- this column elects one worker per period.
  last_period date,
  last_run_at timestamptz,
  created_by_name text,
  created_at timestamptz not null default now()
);
create index report_schedule_created_idx on report_schedule (created_at desc);
create index report_schedule_merchant_created_idx on report_schedule (merchant_id, created_at desc);
