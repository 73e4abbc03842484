-- The card a customer adds on a card-add link's hosted page (issue 14): what the acquirer learns
-- of it (brand, BIN, last four; never the number) and when the sandbox verified it.
alter table card_add_link add column card_brand text;
alter table card_add_link add column card_bin text;
alter table card_add_link add column card_last4 text;
alter table card_add_link add column card_added_at timestamptz;

-- The sandbox acquirer's chargebacks (a settled amount ending in 55 minor units of a payment the
-- engine decided, docs/decisions.md): the lifecycle job finds the few that are due without reading
-- every settled transaction.
create index transaction_chargeback_due_idx on transaction (updated_at)
  where status = 'SETTLEMENT_COMPLETED' and amount % 100 = 55 and decision is not null;
