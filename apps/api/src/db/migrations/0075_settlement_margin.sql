-- Cost and partner pricing used (issue 16): each settled payment keeps, beside the fee the merchant
-- pays (revenue scheme), what it cost the provider (cost scheme: processor and card-scheme cost)
-- and the partner's commission (partner scheme); the settlement keeps their sums. The margin is
-- fee − cost − commission. Neither changes the merchant's payout, and neither is shown to merchants.
alter table settlement_item
  add column cost bigint not null default 0,
  add column commission bigint not null default 0;
alter table settlement
  add column cost bigint not null default 0,
  add column commission bigint not null default 0;
