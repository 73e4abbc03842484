-- Clearing the rollups cache rebuilt them with kassa_rebuild_statistics_rollups (0071),
-- kassa_rebuild_merchant_revenue (0097) and kassa_rebuild_client_rollups (0135), a third statement
-- of each rollup by hand. The first two counted every payment, test ones included, although the
-- triggers count live payments only since 0116 (a test payment then showed in the live dashboards
-- after a rebuild), and customer_monthly was never rebuilt. The payment rollups are now rebuilt by
-- kassa_rebuild_transaction_rollups (0154, generated from rollups.ts); this function adds the
-- customer and refund rollups, live rows only as their triggers count them.
create or replace function kassa_rebuild_statistics_rollups() returns void language plpgsql as $$
begin
  perform kassa_rebuild_transaction_rollups();
  delete from customer_local_daily;
  insert into customer_local_daily (merchant_id, day, organisation_id, status, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, count(*), sum(0)
  from customer where mode = 'live' group by 1, 2, 3, 4;
  delete from refund_local_daily;
  insert into refund_local_daily (merchant_id, day, organisation_id, status, currency_code, count, volume)
  select merchant_id, (created_at at time zone 'Europe/Amsterdam')::date, organisation_id, status, currency_code, count(*), sum(amount)
  from refund where mode = 'live' group by 1, 2, 3, 4, 5;
  delete from customer_segment_count;
  insert into customer_segment_count (merchant_id, organisation_id, segment, count, volume, recency_n, recency_sum, frequency_n, frequency_sum, monetary_n, monetary_sum)
  select merchant_id, organisation_id, coalesce(segment, 'none'), count(*), sum(0), count(rfm_recency), coalesce(sum(rfm_recency), 0), count(rfm_frequency), coalesce(sum(rfm_frequency), 0), count(rfm_monetary), coalesce(sum(rfm_monetary), 0)
  from customer where mode = 'live' group by 1, 2, 3;
end $$;

-- Both are part of kassa_rebuild_transaction_rollups now.
drop function kassa_rebuild_merchant_revenue();
drop function kassa_rebuild_client_rollups();
