-- CSV imports of customers and transactions for migrating a merchant (psp/imports). The file is
-- kept until the job has run; the report lists every rejected row with its reason.
create table import_job (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  kind text not null check (kind in ('customers', 'transactions')),
  file_name text not null,
  content text,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  total_rows integer,
  imported_rows integer,
  rejected_rows integer,
  report jsonb not null default '[]',
  error text,
  created_by_name text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index import_job_created_idx on import_job (created_at desc);
create index import_job_merchant_created_idx on import_job (merchant_id, created_at desc);

-- A merchant's bank accounts (Settings → Bank accounts): where its settlements are paid out.
create table bank_account (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  holder_name text not null,
  iban text not null,
  bic text,
  currency_code text not null default 'EUR',
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bank_account_merchant_created_idx on bank_account (merchant_id, created_at desc);
create index bank_account_org_created_idx on bank_account (organisation_id, created_at desc);
create unique index bank_account_merchant_iban_idx on bank_account (merchant_id, iban);
