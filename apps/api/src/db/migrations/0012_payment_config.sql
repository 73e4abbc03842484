-- Payment profiles: the intelligent-routing toggle is kept apart from the routing choices, so a
-- profile can have routing switched on before a routing per payment product is chosen.
alter table payment_profile add column intelligent_routing boolean not null default false;
update payment_profile set intelligent_routing = true where routing <> '{}'::jsonb;
-- The processor form's `user` (the account the provider holds at the processor).
alter table processor add column processor_user text;
alter table middleware add column active boolean not null default true;
