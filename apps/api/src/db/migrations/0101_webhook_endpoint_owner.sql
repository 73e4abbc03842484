-- Issue 30, item 2: a webhook endpoint and its signing secret belong to the organisation that made
-- them, not to the merchant above it. Endpoints were keyed by (merchant, url), so a
-- sub-organisation rotating "its" URL got its parent's endpoint and replaced the secret that
-- signs the parent's webhooks.
--
-- Until now every endpoint served the whole merchant (any organisation of its tree signed with
-- it, whoever made it), so every existing one is the merchant's: it keeps signing exactly what it
-- signed before (an event uses the endpoint of the nearest organisation on its path up to the
-- merchant, docs/decisions.md). Rows that were unique per (merchant, url) stay unique per
-- (organisation, url).
update webhook_endpoint set organisation_id = merchant_id where organisation_id <> merchant_id;
alter table webhook_endpoint drop constraint if exists webhook_endpoint_merchant_id_url_key;
alter table webhook_endpoint add constraint webhook_endpoint_organisation_id_url_key unique (organisation_id, url);
-- Delivery finds the signing endpoint by URL among the organisations on the event's path.
create index webhook_endpoint_url_idx on webhook_endpoint (url);
