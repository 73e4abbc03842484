-- Tags belong to a merchant like every other tenant row, so the query layer scopes them the
-- same way (merchant_id for a merchant-wide list, organisation_id for a subtree).
alter table tag add column merchant_id text references organisation(id);
update tag t set merchant_id = o.merchant_id from organisation o where o.id = t.organisation_id;
create index tag_merchant_idx on tag (merchant_id, created_at desc);
create index tag_org_idx on tag (organisation_id, created_at desc);

-- Rows inserted without merchant_id (older writers) get it from their organisation.
create function tag_set_merchant() returns trigger language plpgsql as $$
begin
  if new.merchant_id is null then
    select merchant_id into new.merchant_id from organisation where id = new.organisation_id;
  end if;
  return new;
end $$;
create trigger tag_set_merchant before insert on tag for each row execute function tag_set_merchant();
