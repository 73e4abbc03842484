-- Clearing the rollups cache rebuilt the payment rollups and the 0071 customer and refund ones,
-- but not customer_daily (0158), customer_hourly or refund_hourly (0160): those are declared in
-- rollups.ts now and rebuilt by kassa_rebuild_other_rollups(), generated into 0165.
create or replace function kassa_rebuild_statistics_rollups() returns void language plpgsql as $$
begin
  perform kassa_rebuild_transaction_rollups();
  perform kassa_rebuild_other_rollups();
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
