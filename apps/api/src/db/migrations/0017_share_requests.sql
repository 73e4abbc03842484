-- Share credentials: the provider asks a merchant for the credentials of the merchant's own
-- contract at a processor; the merchant fills them in. `fields` is a list of
-- {name, description, value}; values are sealed like processor details (lib/secret-box.ts)
-- and never answered, and are wiped when the merchant revokes.
create table share_request (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  processor_id text references processor(id),
  provider text not null,
  message text,
  status text not null default 'requested' check (status in ('requested', 'shared', 'revoked', 'cancelled')),
  fields jsonb not null default '[]',
  requested_by text,
  shared_by text,
  shared_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index share_request_merchant_created_idx on share_request (merchant_id, created_at desc);
create index share_request_org_created_idx on share_request (organisation_id, created_at desc);
