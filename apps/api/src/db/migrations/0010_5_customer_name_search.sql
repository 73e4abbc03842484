-- Customer search by full name ("Noor Vos"): a merchant's prefix search on first name, a
-- space and last name stays one index range, like the e-mail and last-name searches.
create index customer_merchant_full_name_prefix_idx on customer
  (merchant_id, lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) text_pattern_ops);
