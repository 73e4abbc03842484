-- Best customers (customer/aggregate/best) sums each candidate's transactions in the range through
-- the customer index: the best customers of the big demo merchant have 100-270 transactions each,
-- every one on another heap page. Carrying the columns those sums and the usual filters read
-- (merchant, currency, amount, status) lets PostgreSQL answer from the index alone. Same number of
-- indexes on transaction as before, each entry about 50 bytes wider.
drop index transaction_customer_idx;
create index transaction_customer_idx on transaction (customer_id, created_at desc)
  include (merchant_id, currency_code, amount, status);
