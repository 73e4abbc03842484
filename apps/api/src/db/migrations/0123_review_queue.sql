-- Issue 36: the manual review queue. A card payment a `review` ruleset matches is authorised and
-- held (AUTHORIZED, not captured); its case waits here until a reviewer approves (capture) or
-- declines (void), or the expiry policy decides it before the authorisation would lapse.
-- Payment-side: carries the mode (issue 38 contract).
create table review_case (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  mode text not null default 'live' check (mode in ('live', 'test')),
  transaction_id text not null unique references transaction(id),
  -- The review rulesets that matched: [{ id, name, rules }].
  rules jsonb not null default '[]',
  -- Copied from the payment when it was held: the queue lists and sorts without joining.
  amount bigint not null check (amount >= 0),
  currency_code text not null,
  customer_id text references customer(id),
  -- The issuing country of the card (the sandbox acquirer's BIN table) and where the shopper was.
  card_country text,
  ip_country text,
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'DECLINED')),
  assigned_to text references app_user(id),
  decided_by text references app_user(id),
  -- 'reviewer' (a person) or 'policy' (the expiry job).
  decided_via text check (decided_via in ('reviewer', 'policy')),
  decline_reason text check (char_length(decline_reason) <= 500),
  sla_due_at timestamptz not null,
  expires_at timestamptz not null,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index review_case_queue_idx on review_case (merchant_id, mode, status, created_at desc);
create index review_case_expiry_idx on review_case (expires_at) where status = 'PENDING';

-- The provider's settings per merchant: how long a review may take, and what happens to a payment
-- nobody decided before its authorisation would lapse.
alter table merchant_configuration add column review_sla_hours integer not null default 4
  check (review_sla_hours between 1 and 168);
alter table merchant_configuration add column review_expiry_policy text not null default 'decline'
  check (review_expiry_policy in ('decline', 'approve'));

-- The ruleset action `review` beside tag, block and 3-D Secure.
alter table validation_ruleset drop constraint validation_ruleset_action_check;
alter table validation_ruleset add constraint validation_ruleset_action_check
  check (action in ('tag', 'block', '3dSecure', 'review'));
