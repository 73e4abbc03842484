-- Issue 30, items 4 and 5: limits that brute force and card testing run into.
--
-- Wrong second-factor codes are counted per account across sign-ins (each challenge already
-- voids itself after 5): the tenth in a row locks the account like ten wrong passwords do
-- (`locked_until`), and only a right code sets the count back to 0.
alter table app_user add column mfa_failures integer not null default 0;

-- Declined or refused payments on one payment link; at the cap the link is BLOCKED.
alter table payment_link add column failed_attempts integer not null default 0;

-- Failed card payments on hosted pages, per merchant and card, to refuse a card that keeps
-- failing across the merchant's links. `card_key` is an HMAC of the card number keyed with the
-- application's secret key: the number itself is never stored.
create table card_failure (
  merchant_id text not null,
  card_key text not null,
  failed_at timestamptz not null default now()
);
create index card_failure_key_idx on card_failure (merchant_id, card_key, failed_at desc);
create index card_failure_at_idx on card_failure (failed_at);
