-- Issue 30, item 1: a key never outlives the person's decision to revoke it.
--
-- Before this fix an API key holding APIKEY_ALL could make keys; api_key.created_by then held the
-- making key's id (the actor id of a key is the key's own id). Revoking a key now also revokes
-- every key it made and their descendants (api-key.service.ts), which needs the link recorded:
-- created_by_key_id names the key that made a key, backfilled from created_by wherever created_by
-- names a key. Keys whose making key (or any key above it) was already revoked are revoked now,
-- with an audit row each, as if the revocation had reached them then.
--
-- Every statement may run again (the backfill test replays this file over rows written as the old
-- code wrote them).
alter table api_key add column if not exists created_by_key_id text references api_key(id);
create index if not exists api_key_created_by_key_idx on api_key (created_by_key_id) where created_by_key_id is not null;

update api_key c set created_by_key_id = c.created_by
  from api_key p where p.id = c.created_by and c.created_by_key_id is null and c.id <> p.id;

with recursive doomed as (
  select c.id, p.id as revoked_key, p.revoked_by_name
    from api_key c join api_key p on p.id = c.created_by_key_id
    where p.revoked_at is not null and c.revoked_at is null
  union
  select c.id, d.revoked_key, d.revoked_by_name
    from api_key c join doomed d on c.created_by_key_id = d.id
    where c.revoked_at is null
), revoked as (
  update api_key k set revoked_at = now(), revoked_by_name = d.revoked_by_name, updated_at = now()
    from doomed d where k.id = d.id and k.revoked_at is null
    returning k.id, k.organisation_id, k.name, d.revoked_key
)
insert into audit_log (id, organisation_id, user_name, authentication, type, response_code, entity, entity_id, detail)
select 'au_' || replace(gen_random_uuid()::text, '-', ''), organisation_id, 'Kassa (system)', 'system',
    'api_key_revoked', 200, 'apikey', id,
    jsonb_build_object('name', name, 'reason', 'made_by_revoked_key', 'revoked_key', revoked_key)
  from revoked;
