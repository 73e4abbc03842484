-- Issue 32 item 15 (risk-config.md §3): an audit trail item has a parent (the tree column: the
-- entries a request wrote, e.g. transaction_created, hang under that request's entry) and the
-- payment profile it concerns. No foreign keys: the log is append-only and keeps what it was told,
-- and a request's entry is written after the entries its handling wrote.
alter table audit_log add column parent_id text, add column payment_profile_id text;
create index audit_log_parent_idx on audit_log (parent_id) where parent_id is not null;
