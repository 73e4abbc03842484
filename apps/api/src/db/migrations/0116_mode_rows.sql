-- Issue 38, test mode: every payment-side row belongs to 'live' or 'test'. Existing rows are live.
-- A constant default adds the column without rewriting the table. Configuration (profiles,
-- processors, routing, rulesets, designs, webhook endpoints) is shared by both modes and has none.
alter table transaction add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table refund add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table chargeback add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table customer add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table payment_link add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table card_add_link add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table subscription add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table scheduled_transaction add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table webhook add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table settlement add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table settlement_item add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table payout add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table report add column mode text not null default 'live' check (mode in ('live', 'test'));

-- Every list and count reads its mode with its tenancy (query/where.ts rowConditions): the mode
-- sits right after the tenancy column of each list index, so a page or a count is still one index
-- range in order (never a filter over the other mode's rows). Provider staff's time indexes start
-- with it. Same names, same include lists and partial conditions as before.
drop index transaction_merchant_created_idx;
create index transaction_merchant_created_idx on transaction (merchant_id, mode, created_at desc, id desc)
  include (status, amount, payment_product_type, currency_code, blocked);
drop index transaction_org_created_idx;
create index transaction_org_created_idx on transaction (organisation_id, mode, created_at desc, id desc);
drop index transaction_created_idx;
create index transaction_created_idx on transaction (mode, created_at desc, id desc);
drop index transaction_merchant_status_created_idx;
create index transaction_merchant_status_created_idx on transaction (merchant_id, mode, status, created_at desc);
drop index transaction_blocked_idx;
create index transaction_blocked_idx on transaction (merchant_id, mode, created_at desc) where blocked;
drop index transaction_tagged_idx;
create index transaction_tagged_idx on transaction (merchant_id, mode, created_at desc) where tags <> '{}';
drop index transaction_merchant_reference_prefix_idx;
create index transaction_merchant_reference_prefix_idx on transaction (merchant_id, mode, lower(merchant_reference) text_pattern_ops);

drop index refund_merchant_created_idx;
create index refund_merchant_created_idx on refund (merchant_id, mode, created_at desc, id desc);
drop index refund_org_created_idx;
create index refund_org_created_idx on refund (organisation_id, mode, created_at desc, id desc);
drop index refund_created_idx;
create index refund_created_idx on refund (mode, created_at desc, id desc) where merchant_id <> '';
drop index refund_merchant_status_created_idx;
create index refund_merchant_status_created_idx on refund (merchant_id, mode, created_at, status);

drop index chargeback_merchant_created_idx;
create index chargeback_merchant_created_idx on chargeback (merchant_id, mode, created_at desc, id desc);
drop index chargeback_org_created_idx;
create index chargeback_org_created_idx on chargeback (organisation_id, mode, created_at desc);
drop index chargeback_created_idx;
create index chargeback_created_idx on chargeback (mode, created_at desc, id desc) where merchant_id <> '';

drop index customer_merchant_created_idx;
create index customer_merchant_created_idx on customer (merchant_id, mode, created_at desc);
drop index customer_org_created_idx;
create index customer_org_created_idx on customer (organisation_id, mode, created_at desc);
drop index customer_created_idx;
create index customer_created_idx on customer (mode, created_at desc, id desc) where merchant_id <> '';
drop index customer_merchant_email_prefix_idx;
create index customer_merchant_email_prefix_idx on customer (merchant_id, mode, lower(email_address) text_pattern_ops);
drop index customer_merchant_last_name_prefix_idx;
create index customer_merchant_last_name_prefix_idx on customer (merchant_id, mode, lower(last_name) text_pattern_ops);
drop index customer_merchant_full_name_prefix_idx;
create index customer_merchant_full_name_prefix_idx on customer
  (merchant_id, mode, lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) text_pattern_ops);
drop index customer_merchant_segment_idx;
create index customer_merchant_segment_idx on customer (merchant_id, mode, segment);

drop index payment_link_merchant_created_idx;
create index payment_link_merchant_created_idx on payment_link (merchant_id, mode, created_at desc, id desc);
drop index payment_link_org_created_idx;
create index payment_link_org_created_idx on payment_link (organisation_id, mode, created_at desc, id desc);
drop index card_add_link_merchant_created_idx;
create index card_add_link_merchant_created_idx on card_add_link (merchant_id, mode, created_at desc, id desc);
drop index card_add_link_org_created_idx;
create index card_add_link_org_created_idx on card_add_link (organisation_id, mode, created_at desc, id desc);
drop index subscription_merchant_created_idx;
create index subscription_merchant_created_idx on subscription (merchant_id, mode, created_at desc, id desc);
drop index subscription_org_created_idx;
create index subscription_org_created_idx on subscription (organisation_id, mode, created_at desc, id desc);
drop index scheduled_transaction_merchant_created_idx;
create index scheduled_transaction_merchant_created_idx on scheduled_transaction (merchant_id, mode, created_at desc, id desc);
drop index scheduled_transaction_org_created_idx;
create index scheduled_transaction_org_created_idx on scheduled_transaction (organisation_id, mode, created_at desc, id desc);
drop index webhook_merchant_created_idx;
create index webhook_merchant_created_idx on webhook (merchant_id, mode, created_at desc);
drop index webhook_org_created_idx;
create index webhook_org_created_idx on webhook (organisation_id, mode, created_at desc);
drop index settlement_merchant_created_idx;
create index settlement_merchant_created_idx on settlement (merchant_id, mode, created_at desc);
drop index settlement_org_created_idx;
create index settlement_org_created_idx on settlement (organisation_id, mode, created_at desc);
drop index payout_merchant_created_idx;
create index payout_merchant_created_idx on payout (merchant_id, mode, created_at desc);
drop index report_merchant_created_idx;
create index report_merchant_created_idx on report (merchant_id, mode, created_at desc);
drop index report_created_idx;
create index report_created_idx on report (mode, created_at desc);

-- Live statistics never include test rows. The rollups (transaction_daily … merchant_revenue_daily,
-- customer and refund rollups) are kept by statement-level triggers over the statement's transition
-- tables; each such function on transaction, refund, customer and chargeback now reads only the
-- statement's live rows: `from new_rows` becomes `from (select * from new_rows where mode = 'live') new_rows`.
-- Rewritten from the stored definitions, so every setting (0114's enable_nestloop = off) stays.
-- Test-mode statistics read the rows themselves (modules/statistics), which are few.
do $$
declare
  fn record;
  body text;
begin
  for fn in
    select distinct p.oid
    from pg_trigger t join pg_proc p on p.oid = t.tgfoid join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relname in ('transaction', 'refund', 'customer', 'chargeback')
      and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and p.proname not like '%push%'
      and (p.prosrc like '%new_rows%' or p.prosrc like '%old_rows%')
  loop
    body := pg_get_functiondef(fn.oid);
    body := regexp_replace(body, '(from|join) (new_rows|old_rows) ([no])\M', '\1 @@\2@@ \3', 'g');
    body := regexp_replace(body, '(from|join) (new_rows|old_rows)( |\n)+(group|where)', '\1 @@\2@@ \2 \4', 'g');
    body := regexp_replace(body, '@@(new_rows|old_rows)@@', '(select * from \1 where mode = ''live'')', 'g');
    execute body;
  end loop;
end $$;
