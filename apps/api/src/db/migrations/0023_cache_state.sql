-- The provider's cache page (portal.md §2.4 admin/cache, issue 13): one row per thing Kassa
-- caches. Clearing one raises its generation; every API process compares the generation with the
-- one it last saw (at most 5 s old) and drops its own copy, and tells browsers in a header.
create table cache_state (
  name text primary key,
  generation bigint not null default 1,
  cleared_at timestamptz,
  cleared_by text
);
insert into cache_state (name) values ('translations'), ('rollups'), ('lists'), ('sessions');
