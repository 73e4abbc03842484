-- Status updates (portal.md §2.4, §3): provider super users set the status of a transaction or a
-- refund. The state before the change is kept whole, so that a reversal restores it exactly.
create table status_update (
  id text primary key,
  type text not null check (type in ('transaction', 'refund')),
  transaction_id text not null references transaction(id),
  refund_id text references refund(id),
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  status text not null,
  status_reason text,
  previous_status text not null,
  previous_status_reason text,
  previous_status_history jsonb,
  previous_updated_at timestamptz not null,
  -- The update this one reverses, and the update that reversed this one.
  reverses text references status_update(id),
  reversed_by text references status_update(id),
  created_by text,
  created_at timestamptz not null default now()
);
create index status_update_created_idx on status_update (created_at desc);
create index status_update_transaction_idx on status_update (transaction_id, created_at desc);
create index status_update_refund_idx on status_update (refund_id, created_at desc);
