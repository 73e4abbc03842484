-- Issue 31: the payments engine follows a profile's intelligent-routing toggle (risk-config.md §4:
-- on only when the profile has routing entries). Demo worlds created before this kept the toggle
-- off on profiles that routed through their tree; such a profile gets the toggle on, so it keeps
-- routing as its screens show. The API never stores routing entries with the toggle off (turning it
-- off clears them), so only those profiles change. Older worlds' weighted splits (objects, not
-- routing ids) do not count as entries.
update payment_profile p set intelligent_routing = true
  where not p.intelligent_routing
    and exists (select 1 from jsonb_each(p.routing) k where jsonb_typeof(k.value) = 'string');
