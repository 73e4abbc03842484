-- Chargebacks are decided after they open (issue 13, chargeback.updated): when a chargeback was
-- won, lost or cancelled. A lost chargeback is deducted in the settlement period it was lost in,
-- not the one it was opened in (that period may be settled already); older rows fall back to
-- created_at.
alter table chargeback add column resolved_at timestamptz;
create index chargeback_lost_at_idx on chargeback (merchant_id, (coalesce(resolved_at, created_at))) where status = 'LOST';

-- The sandbox acquirer's open chargebacks, found by the lifecycle job without reading every chargeback.
create index chargeback_sandbox_due_idx on chargeback (updated_at)
  where status in ('OPEN', 'IN_DISPUTE') and processor_id_external like 'sbx_cb_%';
