-- Issue 34: a settlement file of more than one slice of payments (10,000) no longer moves its
-- payments to SETTLEMENT_COMPLETED inside its import's transaction. One update of a million
-- payment rows held a million row locks for minutes (a refund of any of them waited behind the
-- whole file) and wrote every index of `transaction` in one go. The import commits its lines,
-- matches and exceptions; the payments then move in slices of their own transactions
-- (job `settlement-file.settle`), `settled_through` the last line number done, so a crash resumes
-- where it stopped; `settled_at` is set when the last slice is done. Files imported before this
-- migration settled in their import.
alter table settlement_file add column settled_through integer not null default 0,
  add column settled_at timestamptz;
update settlement_file set settled_at = created_at, settled_through = line_count;
