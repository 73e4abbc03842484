-- Issue 18: the customers list planned once per connection, like transactions, refunds and
-- chargebacks (0098).
--
-- Planning was more than half of the database's time for the customers screen's first page (0.45
-- against 0.24 ms per statement with one generic plan, at 140,000 customers). As for refunds,
-- customers are written in time order, so a generic plan for "some merchant" could prefer the time
-- index and read every merchant's customers of the window for a merchant with none. The time index
-- is made partial on `merchant_id <> ''`, which a generic plan cannot prove for an unknown
-- merchant; provider staff's reads state it (the entity's providerCondition, the customer
-- statistics), and it ends in `id desc`, the lists' tie-break.
--
-- Every customer belongs to a merchant (imports, checkout and the demo set merchant_id from the
-- organisation), but the column allowed null: a customer without one would have dropped out of the
-- provider's reads. Any such row takes its organisation's merchant, and the column is now required.
update customer c set merchant_id = coalesce(o.merchant_id, o.id)
  from organisation o where c.merchant_id is null and o.id = c.organisation_id;
alter table customer alter column merchant_id set not null;
drop index customer_created_idx;
create index customer_created_idx on customer (created_at desc, id desc) where merchant_id <> '';
