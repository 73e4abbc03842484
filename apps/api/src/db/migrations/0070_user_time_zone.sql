-- A user's own time zone (IANA name, checked by the API): statistics days, weeks, months and the
-- weekday comparison follow it. Everyone starts in Europe/Amsterdam, the zone statistics used so far.
alter table app_user add column time_zone text not null default 'Europe/Amsterdam';

-- The session lookup now reads time_zone: a change of it must reach every process's session cache too.
drop trigger app_user_auth_changed on app_user;
create trigger app_user_auth_changed after update of email, name, language, time_zone, status, organisation_id or delete on app_user
  for each statement execute function kassa_auth_changed();
