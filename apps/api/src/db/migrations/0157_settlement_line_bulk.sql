-- Issue 34: a settlement file's lines are written in one `insert … select` per file (a million
-- for a large acquirer), and the foreign key to settlement_file checked each line on its own:
-- 1.6 s of the 3.5 s that 200,000 lines took (EXPLAIN ANALYZE, PostgreSQL 15). Lines are written
-- only by the import, in the transaction that writes their file, and nothing deletes a settlement
-- file; the reference stays in the primary key (file_id, line_no), and reconciliation.test.ts
-- ("a file of more than one slice of payments") checks that every line has its file.
alter table settlement_line drop constraint settlement_line_file_id_fkey;
