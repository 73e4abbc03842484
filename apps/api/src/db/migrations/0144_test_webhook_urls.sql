-- Issue 38, test mode: webhook configuration is shared by both modes unless the merchant chooses
-- separate test URLs. Per URL of a payment profile, an optional test URL: test-mode webhooks go
-- there when it is set, else to the shared URL; live webhooks never go to it.
alter table payment_profile add column test_webhook_transaction_update text;
alter table payment_profile add column test_webhook_refund_update text;
alter table payment_profile add column test_webhook_chargeback_update text;
