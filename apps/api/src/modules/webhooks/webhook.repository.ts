import type { WebhookType } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import type { SendResult } from './sender.ts';

export type WebhookRow = {
  id: string;
  organisation_id: string;
  merchant_id: string | null;
  url: string;
  type: string;
  event: string;
  item_id: string | null;
  status: string | null;
  payload: Record<string, unknown>;
  delivered: boolean;
  manual: boolean;
  attempts: number;
  state: 'queued' | 'delivered' | 'failed';
  created_at: Date;
};

export type NewWebhook = Pick<
  WebhookRow,
  'id' | 'organisation_id' | 'merchant_id' | 'url' | 'type' | 'event' | 'item_id' | 'status' | 'payload' | 'manual'
> & { created_at: Date };

/** The payment-side item tables (test mode, migration 0116): a webhook about one of their rows is of that row's mode. */
const MODED_ITEM_TABLES: ReadonlySet<string> = new Set([
  'transaction',
  'refund',
  'chargeback',
  'card_add_link',
  'payment_link',
  'subscription',
]);

/** The mode of the webhook about an item: the item's (live for configuration items, e.g. rulesets). */
const webhookMode = (type: string, itemId: string | null): Sql => {
  const table = (itemTables as Record<string, string>)[type];
  return table && MODED_ITEM_TABLES.has(table) && itemId
    ? sql`coalesce((select i.mode from ${sql.raw(table)} i where i.id = ${itemId}), 'live')`
    : sql`'live'`;
};

/** Inserts the event once: a repeated job (at-least-once) finds it there and adds nothing. */
export const insertWebhook = async (db: Queryable, w: NewWebhook): Promise<boolean> =>
  (
    await db.query(sql`insert into webhook (id, organisation_id, merchant_id, url, type, event, item_id, status, payload, manual, next_attempt_at, created_at, updated_at, mode)
    values (${w.id}, ${w.organisation_id}, ${w.merchant_id}, ${w.url}, ${w.type}, ${w.event}, ${w.item_id}, ${w.status}, ${JSON.stringify(w.payload)}::jsonb,
      ${w.manual}, ${w.created_at}, ${w.created_at}, ${w.created_at}, ${webhookMode(w.type, w.item_id)})
    on conflict (id) do nothing returning id`)
  ).length > 0;

export const loadWebhook = async (db: Queryable, id: string): Promise<WebhookRow | undefined> =>
  (
    await db.query<WebhookRow>(sql`select id, organisation_id, merchant_id, url, type, event, item_id, status, payload, delivered, manual, attempts, state, created_at
    from webhook where id = ${id}`)
  )[0];

/** Stores one attempt and moves the webhook on: delivered, failed for good, or queued for `nextAt`. */
export const recordAttempt = async (
  db: Queryable,
  webhook: { id: string; attempt: number; manual: boolean; at: Date },
  result: SendResult,
  outcome: { delivered: boolean; state: WebhookRow['state']; nextAt: Date | null },
) => {
  await db.query(sql`insert into webhook_attempt (webhook_id, attempt, created_at, status_code, duration_ms, content, manual)
    values (${webhook.id}, ${webhook.attempt}, ${webhook.at}, ${result.statusCode}, ${result.durationMs}, ${result.content}, ${webhook.manual})`);
  await db.query(sql`update webhook set attempts = ${webhook.attempt}, state = ${outcome.state}, next_attempt_at = ${outcome.nextAt},
      delivered = delivered or ${outcome.delivered},
      delivered_on = case when ${outcome.delivered} and not delivered then ${webhook.at}::timestamptz else delivered_on end,
      updated_at = ${webhook.at}
    where id = ${webhook.id}`);
};

export type EndpointRow = {
  id: string;
  organisation_id: string;
  secret: string;
  previous_secret: string | null;
  previous_until: Date | null;
  failing_since: Date | null;
};

const endpointColumns = sql`e.id, e.organisation_id, e.secret, e.previous_secret, e.previous_until, e.failing_since`;

/** The endpoint an organisation made for this URL (its own, never an ancestor's). */
export const findOwnEndpoint = async (
  db: Queryable,
  organisationId: string,
  url: string,
): Promise<EndpointRow | undefined> =>
  (
    await db.query<EndpointRow>(
      sql`select ${endpointColumns} from webhook_endpoint e where e.organisation_id = ${organisationId} and e.url = ${url}`,
    )
  )[0];

/**
 * The endpoint that signs an event of this organisation for this URL: the one of the nearest
 * organisation on the path from the event's organisation up to the root (its own, else its
 * parent's, …). A descendant's or a sibling's endpoint never signs it (docs/decisions.md).
 */
export const findSigningEndpoint = async (
  db: Queryable,
  organisationId: string,
  url: string,
): Promise<EndpointRow | undefined> =>
  (
    await db.query<EndpointRow>(
      sql`select ${endpointColumns} from webhook_endpoint e
        join organisation o on o.id = e.organisation_id
        join organisation w on w.id = ${organisationId}
        where e.url = ${url} and starts_with(w.path, o.path)
        order by length(o.path) desc limit 1`,
    )
  )[0];

/** Creates the endpoint with this sealed secret unless it exists (a concurrent first delivery wins either way). */
export const insertEndpoint = (
  db: Queryable,
  e: { id: string; organisationId: string; merchantId: string; url: string; secret: string },
) =>
  db.query<{ id: string }>(sql`insert into webhook_endpoint (id, organisation_id, merchant_id, url, secret)
    values (${e.id}, ${e.organisationId}, ${e.merchantId}, ${e.url}, ${e.secret}) on conflict (organisation_id, url) do nothing returning id`);

/** A new current secret; the old one keeps signing until `previousUntil`. */
export const rotateEndpoint = (db: Queryable, id: string, secret: string, previousUntil: Date) =>
  db.query(
    sql`update webhook_endpoint set previous_secret = secret, previous_until = ${previousUntil}, secret = ${secret}, rotated_at = now() where id = ${id}`,
  );

/** The table of each item type a test webhook may name (its `type`), fixed by code. */
const itemTables = {
  transaction: 'transaction',
  refund: 'refund',
  chargeback: 'chargeback',
  validationruleset: 'validation_ruleset',
  cardlink: 'card_add_link',
  paymentlink: 'payment_link',
  subscription: 'subscription',
} as const satisfies Record<WebhookType, string>;
export type WebhookItemType = keyof typeof itemTables;

/**
 * The owner of the item a test webhook names, when the item lies in the subtree of the webhook's
 * organisation (the organisation itself or one below it); nothing otherwise, as for an unknown id.
 */
export const itemInOrganisation = async (
  db: Queryable,
  type: WebhookItemType,
  id: string,
  organisationId: string,
): Promise<{ organisation_id: string; merchant_id: string } | undefined> =>
  (
    await db.query<{ organisation_id: string; merchant_id: string }>(
      sql`select i.organisation_id, i.merchant_id from ${sql.raw(itemTables[type])} i
        join organisation o on o.id = i.organisation_id
        join organisation w on w.id = ${organisationId}
        where i.id = ${id} and starts_with(o.path, w.path)`,
    )
  )[0];

/** The items whose changes the payment profile's webhook URLs hear about. */
export type NotifiedItem = 'transaction' | 'refund' | 'chargeback' | 'cardlink' | 'paymentlink';

/**
 * The profile URL (alias `p`) that hears about an item (alias `item`) of one kind: for a test-mode
 * item the profile's test URL when it has one (issue 38), else the URL both modes share.
 */
const urlOf = (item: string, kind: 'transaction' | 'refund' | 'chargeback'): Sql =>
  sql.raw(
    `case when ${item}.mode = 'test' then coalesce(p.test_webhook_${kind}_update, p.webhook_${kind}_update) else p.webhook_${kind}_update end`,
  );

/** The current state of the item a webhook is about, with the profile URL that wants its events. */
export const itemSnapshot = async (db: Queryable, type: NotifiedItem, id: string) => {
  const rows =
    type === 'cardlink'
      ? // Card-add links have no webhook field of their own: they go where the profile's transaction updates go (docs/decisions.md).
        await db.query(sql`select l.id, l.organisation_id, l.merchant_id, l.status, l.customer_id as customer, l.merchant_reference, l.description,
          l.card_brand, l.card_last4, l.card_added_at, l.expires_at, l.payment_profile_id as payment_profile, l.created_at, l.updated_at,
          ${urlOf('l', 'transaction')} as url
          from card_add_link l join payment_profile p on p.id = l.payment_profile_id where l.id = ${id}`)
      : type === 'transaction'
        ? await db.query(sql`select t.id, t.organisation_id, t.merchant_id, t.status, t.status_reason, t.amount, t.refunded_amount, t.currency_code,
          t.merchant_reference, t.payment_product_type, t.payment_profile_id as payment_profile, t.created_at, t.updated_at, ${urlOf('t', 'transaction')} as url
          from transaction t join payment_profile p on p.id = t.payment_profile_id where t.id = ${id}`)
        : type === 'refund'
          ? await db.query(sql`select r.id, r.organisation_id, r.merchant_id, r.transaction_id as transaction, r.status, r.amount, r.currency_code, r.reason,
            r.payment_profile_id as payment_profile, r.created_at, r.updated_at, ${urlOf('r', 'refund')} as url
            from refund r join payment_profile p on p.id = r.payment_profile_id where r.id = ${id}`)
          : type === 'chargeback'
            ? await db.query(sql`select c.id, c.organisation_id, c.merchant_id, c.transaction_id as transaction, c.status, c.amount, c.currency_code,
            c.reason_code, c.reason, c.payment_profile_id as payment_profile, c.created_at, c.updated_at, ${urlOf('c', 'chargeback')} as url
            from chargeback c join payment_profile p on p.id = c.payment_profile_id where c.id = ${id}`)
            : // Payment links, like card-add links, go to the profile's transaction URL (docs/decisions.md): sent when card testing blocks one.
              await db.query(sql`select l.id, l.organisation_id, l.merchant_id, l.status, l.amount, l.currency_code, l.customer_id as customer,
            l.merchant_reference, l.description, l.failed_attempts, l.transaction_id as transaction, l.expires_at,
            l.payment_profile_id as payment_profile, l.created_at, l.updated_at, ${urlOf('l', 'transaction')} as url
            from payment_link l join payment_profile p on p.id = l.payment_profile_id where l.id = ${id}`);
  return rows[0] as
    | (Record<string, unknown> & {
        id: string;
        organisation_id: string;
        merchant_id: string;
        status: string;
        url: string | null;
      })
    | undefined;
};

/** Attempts made by the retry schedule (a person's resends do not count against it). */
export const countScheduledAttempts = async (db: Queryable, id: string): Promise<number> =>
  Number(
    (
      await db.query<{ n: string }>(
        sql`select count(*) as n from webhook_attempt where webhook_id = ${id} and not manual`,
      )
    )[0].n,
  );

/**
 * Follows whether an endpoint is failing: a failure starts (or continues) its failing spell and
 * answers true once, when the spell has lasted an hour; a success ends it.
 */
export const trackEndpointHealth = async (
  db: Queryable,
  endpointId: string,
  at: Date,
  delivered: boolean,
): Promise<boolean> => {
  if (delivered) {
    await db.query(
      sql`update webhook_endpoint set failing_since = null, failing_notified_at = null where id = ${endpointId} and failing_since is not null`,
    );
    return false;
  }
  const rows = await db.query<{
    id: string;
  }>(sql`update webhook_endpoint set failing_since = coalesce(failing_since, ${at}),
      failing_notified_at = case when failing_notified_at is null and coalesce(failing_since, ${at}) <= ${new Date(at.getTime() - 3_600_000)} then ${at} else failing_notified_at end
    where id = ${endpointId}
    returning id, failing_notified_at = ${at} as notify`);
  return (rows[0] as { notify?: boolean } | undefined)?.notify === true;
};
