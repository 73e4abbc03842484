-- Issue 38, test mode. Every payment-side row belongs to 'live' or 'test' (migration 0116); the mode
-- of a request comes from its API key (made for one mode) or from the signed-in person's choice.
-- Existing keys and users are live.
alter table app_user add column mode text not null default 'live' check (mode in ('live', 'test'));
alter table api_key add column mode text not null default 'live' check (mode in ('live', 'test'));

-- The session and key lookups now read mode: a change of it must reach every process's cache.
drop trigger app_user_auth_changed on app_user;
create trigger app_user_auth_changed after update of email, name, language, time_zone, mode, status, organisation_id or delete on app_user
  for each statement execute function kassa_auth_changed();
drop trigger api_key_auth_changed on api_key;
create trigger api_key_auth_changed after update of key_hash, roles, revoked_at, organisation_id, name, mode or delete on api_key
  for each statement execute function kassa_auth_changed();
