-- The payments engine (issue 14): what decided each payment, and how each processor's sandbox
-- acquirer behaves.

-- The engine's decision for a transaction: the rulesets that fired and the routing path, so the
-- transaction detail can show why it went where it went. Null for transactions made before.
alter table transaction add column decision jsonb;

-- The sandbox acquirer of a processor: an added answer delay and whether it is down.
alter table processor add column sandbox_latency_ms integer not null default 0 check (sandbox_latency_ms between 0 and 30000);
alter table processor add column sandbox_outage boolean not null default false;
