-- The settlement lifecycle job (issue 14) looks for captures and authorisations that have waited
-- long enough in their status; a partial index keeps that a small read at 10,000,000 transactions.
create index transaction_lifecycle_due_idx on transaction (updated_at) where status in ('AUTHORIZED', 'REAUTHORIZED', 'SETTLEMENT_REQUESTED');
