-- Issue 36, what was left: dispute reminders and the provider's switch for merchants' own reviewers.

-- One row per chargeback and reminder threshold (7 and 2 days before the due date): the row is the
-- claim, so a reminder goes out once however many workers or reruns reach it. Payment-side: the
-- chargeback's mode.
create table dispute_reminder (
  chargeback_id text not null references chargeback(id),
  days_before integer not null check (days_before in (7, 2)),
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  mode text not null default 'live' check (mode in ('live', 'test')),
  due_at timestamptz not null,
  -- How many people were mailed (each also gets a push where they subscribed to it).
  recipients integer not null default 0,
  sent_at timestamptz not null default now(),
  primary key (chargeback_id, days_before)
);
create index dispute_reminder_merchant_idx on dispute_reminder (merchant_id, mode, sent_at desc);

-- Whether the merchant's own users (USER_ALL, REVIEW_*) may decide held payments, or only provider
-- staff. Only the provider changes it (merchant configuration is PSP_ALL). On by default.
alter table merchant_configuration add column review_by_merchant boolean not null default true;
