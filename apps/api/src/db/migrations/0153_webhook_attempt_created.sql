-- Retention of webhook delivery attempts (RETENTION_WEBHOOK_DAYS) removes the oldest first, in
-- batches by their time: without this index each batch would read the whole table.
create index if not exists webhook_attempt_created_idx on webhook_attempt (created_at);
