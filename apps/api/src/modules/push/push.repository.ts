import { sql, type Queryable } from '../../plugins/db/index.ts';

export type StoredSubscription = {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
};

export const storedVapid = async (db: Queryable) =>
  (
    await db.query<{ public_key: string; private_key: string }>(
      sql`select public_key, private_key from push_vapid where id = 1`,
    )
  )[0];

/** Keeps the first key pair any process made: a second process racing here gets the same pair back. */
export const insertVapid = (db: Queryable, publicKey: string, sealedPrivateKey: string) =>
  db.query(
    sql`insert into push_vapid (id, public_key, private_key) values (1, ${publicKey}, ${sealedPrivateKey}) on conflict (id) do nothing`,
  );

export const userPush = async (db: Queryable, userId: string) =>
  (
    await db.query<{
      push_events: string[];
      subscriptions: string;
    }>(sql`select push_events, (select count(*) from push_subscription s where s.user_id = u.id) as subscriptions
    from app_user u where u.id = ${userId}`)
  )[0];

export const setEvents = (db: Queryable, userId: string, events: string[]) =>
  db.query(sql`update app_user set push_events = ${events} where id = ${userId}`);

/** A browser's subscription, moved to this user when another user had signed in on it before. */
export const upsertSubscription = (
  db: Queryable,
  s: { id: string; userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
) =>
  db.query(sql`insert into push_subscription (id, user_id, endpoint, p256dh, auth, user_agent) values (${s.id}, ${s.userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.userAgent})
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent, last_error = null`);

export const deleteSubscription = async (db: Queryable, userId: string, endpoint: string) =>
  (
    await db.query<{ id: string }>(
      sql`delete from push_subscription where user_id = ${userId} and endpoint = ${endpoint} returning id`,
    )
  ).length;

export const subscriptionsOfUser = (db: Queryable, userId: string) =>
  db.query<StoredSubscription>(
    sql`select s.id, s.user_id, s.endpoint, s.p256dh, s.auth, u.language from push_subscription s join app_user u on u.id = s.user_id where s.user_id = ${userId}`,
  );

/**
 * The subscriptions of active users who picked the event and may see the item: their
 * organisation is the item's or above it, and they hold one of the roles.
 */
export const recipients = (db: Queryable, event: string, organisationId: string, roles: readonly string[]) =>
  db.query<StoredSubscription>(sql`select s.id, s.user_id, s.endpoint, s.p256dh, s.auth, u.language
    from push_subscription s join app_user u on u.id = s.user_id join organisation uo on uo.id = u.organisation_id
    where ${event} = any(u.push_events) and u.status = 'active'
      and exists (select 1 from organisation io where io.id = ${organisationId} and io.path like uo.path || '%')
      and exists (select 1 from user_role r where r.user_id = u.id and r.role = any(${[...roles]}))`);

export const markSent = (db: Queryable, id: string) =>
  db.query(sql`update push_subscription set last_sent_at = now(), last_error = null where id = ${id}`);
export const markFailed = (db: Queryable, id: string, error: string) =>
  db.query(sql`update push_subscription set last_error = ${error.slice(0, 500)} where id = ${id}`);
export const removeSubscription = (db: Queryable, id: string) =>
  db.query(sql`delete from push_subscription where id = ${id}`);
