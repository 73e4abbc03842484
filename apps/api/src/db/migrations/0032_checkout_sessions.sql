-- Hosted checkout sessions (issue 14): a payment that a 3-D Secure ruleset sends to a challenge
-- waits here for the customer. The token is only in the customer's URL; the database keeps its
-- SHA-256, so a copy of the database opens no page.
create table checkout_session (
  id text primary key,
  token_hash text not null unique,
  transaction_id text not null unique references transaction(id),
  merchant_id text not null references organisation(id),
  checkout_design_id text references checkout_design(id) on delete set null,
  -- The payment's facts as the engine saw them (no card number: BIN and last four only), for the
  -- routing decision after the challenge.
  facts jsonb not null,
  return_url text,
  state text not null default 'open' check (state in ('open', 'authenticated', 'failed', 'expired')),
  attempts integer not null default 0,
  expires_at timestamptz not null,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);
create index checkout_session_open_idx on checkout_session (expires_at) where state = 'open';
