-- Issue 36: `chargeback.reminders_sent` (0124) was never written or read. Each dispute reminder is
-- a row of `dispute_reminder` (0137: threshold, recipients, when), which the chargeback's dispute
-- answers; a counter beside it could only disagree with it.
alter table chargeback drop column if exists reminders_sent;
