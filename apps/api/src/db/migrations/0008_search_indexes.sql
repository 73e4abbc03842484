-- Search and counts at a million rows (measured with npm run bench):
-- a merchant's reference or customer search is one index range instead of ANDing a bitmap of
-- all the merchant's rows with a global prefix index;
create index transaction_merchant_reference_prefix_idx on transaction (merchant_id, lower(merchant_reference) text_pattern_ops);
create index customer_merchant_email_prefix_idx on customer (merchant_id, lower(email_address) text_pattern_ops);
create index customer_merchant_last_name_prefix_idx on customer (merchant_id, lower(last_name) text_pattern_ops);
-- and counts the daily rollup cannot answer (amount ranges) read the merchant's date index
-- alone, which now carries the columns those filters test.
drop index transaction_merchant_created_idx;
create index transaction_merchant_created_idx on transaction (merchant_id, created_at desc, id desc)
  include (status, amount, payment_product_type, currency_code, blocked);
