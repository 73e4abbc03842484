-- Four eyes (issue 35): a pending request past its expiry is marked expired by a periodic sweep,
-- which audits it, announces `change_request.expired` and revokes an API key it held. Until the
-- sweep has run, reads already show it expired (change-request.entity.ts).
alter table change_request drop constraint change_request_status_check;
alter table change_request add constraint change_request_status_check
  check (status in ('pending', 'approved', 'rejected', 'withdrawn', 'emergency', 'expired'));
-- The sweep's search: the few pending requests, by expiry.
create index change_request_pending_expiry_idx on change_request (expires_at) where status = 'pending';
