-- Issue 18: the refunds and chargebacks lists planned once per connection, like transactions.
--
-- Planning was nearly half of the database's time for these lists' first pages (0.3 of 0.7 ms at
-- 1,000,000 transactions). A generic plan (made without the values, query/prepared.ts) for one
-- merchant's page chose `(created_at desc)` over `(merchant_id, created_at desc, id desc)`:
-- refunds and chargebacks are written in time order, so reading the time index costs little in
-- the planner's eyes, and for a merchant without rows in the window it read every merchant's rows
-- of the month (2 ms here, growing with the provider's volume). The time index is now partial on
-- `merchant_id <> ''`, which every row meets (ids start with `org_`): provider staff's reads say so
-- (the entities' providerCondition), a plan made for a known merchant proves it from the value,
-- and a generic plan for an unknown merchant cannot, so it reads that merchant's own index.
-- The new index also ends in `id desc`, the lists' tie-break, so the provider's page needs no sort.
drop index refund_created_idx;
create index refund_created_idx on refund (created_at desc, id desc) where merchant_id <> '';
drop index chargeback_created_idx;
create index chargeback_created_idx on chargeback (created_at desc, id desc) where merchant_id <> '';
