import { sql, type Queryable } from '../../plugins/db/index.ts';

/** The next attempt of queued webhooks whose delivery jobs were deferred (a paused endpoint). */
export const deferWebhooks = (db: Queryable, ids: string[], until: Date) =>
  db.query(sql`update webhook set next_attempt_at = ${until} where id = any(${ids}) and state = 'queued'`);
