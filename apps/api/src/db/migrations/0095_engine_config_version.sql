-- The payments engine keeps, per API process, what decides a payment (the payment profile, its
-- organisation, the merchant's limits and rulesets, the routing trees and processors) and checks
-- this one number in the same statement that writes the payment: a payment is written only when
-- the configuration it was decided by is still the current one (modules/payments/engine-config.ts).
-- Every change to that configuration sets a new number in its own transaction, so the new number
-- is visible exactly when the change is. The numbers come from a sequence, so they never repeat,
-- not even after the table was emptied (the demo's reset truncates every table).
create sequence engine_config_version_seq;
create table engine_config_version (
  id boolean primary key default true check (id),
  version bigint not null
);
insert into engine_config_version (id, version) values (true, nextval('engine_config_version_seq'));

create function kassa_engine_config_changed() returns trigger language plpgsql as $$
begin
  insert into engine_config_version (id, version) values (true, nextval('engine_config_version_seq'))
    on conflict (id) do update set version = excluded.version;
  return null;
end $$;

create trigger payment_profile_engine_config after insert or update or delete on payment_profile
  for each statement execute function kassa_engine_config_changed();
create trigger payment_profile_engine_config_truncated after truncate on payment_profile
  for each statement execute function kassa_engine_config_changed();
create trigger organisation_engine_config after insert or delete or update of merchant_id, path, mcc on organisation
  for each statement execute function kassa_engine_config_changed();
create trigger organisation_engine_config_truncated after truncate on organisation
  for each statement execute function kassa_engine_config_changed();
create trigger merchant_configuration_engine_config after insert or update or delete on merchant_configuration
  for each statement execute function kassa_engine_config_changed();
create trigger merchant_configuration_engine_config_truncated after truncate on merchant_configuration
  for each statement execute function kassa_engine_config_changed();
create trigger validation_ruleset_engine_config after insert or update or delete on validation_ruleset
  for each statement execute function kassa_engine_config_changed();
create trigger validation_ruleset_engine_config_truncated after truncate on validation_ruleset
  for each statement execute function kassa_engine_config_changed();
create trigger routing_engine_config after insert or update or delete on routing
  for each statement execute function kassa_engine_config_changed();
create trigger routing_engine_config_truncated after truncate on routing
  for each statement execute function kassa_engine_config_changed();
create trigger processor_engine_config after insert or delete or update of active, payment_product, sandbox_latency_ms, sandbox_outage on processor
  for each statement execute function kassa_engine_config_changed();
create trigger processor_engine_config_truncated after truncate on processor
  for each statement execute function kassa_engine_config_changed();
