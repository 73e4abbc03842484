-- Every change that can end or narrow a signed-in session notifies channel kassa_auth, so each API
-- process drops the sessions it keeps validated in memory (plugins/session-cache.ts) at once.
-- Statement-level and limited to the columns a session lookup reads: touching last_seen_at or a
-- sign-in's last_login_at notifies nobody.
create function kassa_auth_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('kassa_auth', 'changed');
  return null;
end $$;

create trigger session_auth_changed after update of revoked_at, expires_at, mfa_pending, user_id or delete on session
  for each statement execute function kassa_auth_changed();
create trigger session_auth_truncated after truncate on session for each statement execute function kassa_auth_changed();
create trigger app_user_auth_changed after update of email, name, language, status, organisation_id or delete on app_user
  for each statement execute function kassa_auth_changed();
create trigger app_user_auth_truncated after truncate on app_user for each statement execute function kassa_auth_changed();
create trigger user_role_auth_changed after insert or update or delete on user_role
  for each statement execute function kassa_auth_changed();
create trigger user_role_auth_truncated after truncate on user_role for each statement execute function kassa_auth_changed();
create trigger organisation_auth_changed after insert or delete or update of name, type, path, merchant_id, parent_id, active on organisation
  for each statement execute function kassa_auth_changed();
create trigger organisation_auth_truncated after truncate on organisation for each statement execute function kassa_auth_changed();
