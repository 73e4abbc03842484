-- Issue 34 item 6: the reconciliation dashboard's fee deviation (the acquirer's fees on the
-- reported payments, the cost scheme's expected against the file's actual) summed per file at
-- import, so the dashboard adds up files instead of scanning lines on every request.
alter table settlement_file add column expected_fee bigint not null default 0,
  add column actual_fee bigint not null default 0;
-- Files imported before this migration: their fees from their lines, once.
update settlement_file f set expected_fee = s.expected_fee, actual_fee = s.actual_fee
from (select file_id, coalesce(sum(expected_fee), 0) as expected_fee, coalesce(sum(interchange + scheme_fee + markup), 0) as actual_fee
  from settlement_line where kind = 'payment' and matched_id is not null group by file_id) s
where s.file_id = f.id;
