import type { TBacktestResult, TRoutingBacktest, TRulesetBacktest } from '@kassa/domain';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import {
  countMatches,
  countReviewDecisions,
  countRoutes,
  organisationById,
  rulesetOutcome,
} from './backtest.repository.ts';
import { lockOwned, type VersionedTable } from './risk.repository.ts';
import { routingSql, rulesSql } from './rule.sql.ts';
import { notFoundAt } from '../../lib/http-error.ts';
import { resolveOwner } from '../settings/owner.ts';

const DAYS = 30;

/** The organisation a backtest replays: that of the saved item being edited, else the one named or the actor's own. */
const replayOwner = async (
  tx: Queryable,
  actor: Actor,
  table: VersionedTable,
  savedId: string | null | undefined,
  organisation: string | null | undefined,
) => {
  if (savedId) {
    const row = await lockOwned(tx, table, actor.scope, savedId);
    if (!row)
      throw notFoundAt(
        table === 'routing' ? 'body.routing' : 'body.ruleset',
        table === 'routing' ? 'Routing' : 'Ruleset',
      );
    return organisationById(tx, row.organisation_id);
  }
  const owner = await resolveOwner(tx, actor, organisation ?? null);
  return organisationById(tx, owner.organisationId);
};

const timed = async (
  run: (from: Date) => Promise<Pick<TBacktestResult, 'transactions' | 'draft' | 'actual' | 'reviews'>>,
): Promise<TBacktestResult> => {
  const started = performance.now();
  const to = new Date();
  const from = new Date(to.getTime() - DAYS * 86_400_000);
  const result = await run(from);
  return { ...result, from: from.toISOString(), to: to.toISOString(), millis: Math.round(performance.now() - started) };
};

/**
 * Replays a draft routing tree over the last 30 days: transactions per processor the draft would
 * pick, next to the processor that handled them ('unrouted' for none). The database counts.
 */
export const backtestRouting = (db: Db, actor: Actor, body: TRoutingBacktest): Promise<TBacktestResult> =>
  timed((from) =>
    db.transaction(async (tx) => {
      const organisation = await replayOwner(tx, actor, 'routing', body.routing, body.organisation);
      const rows = await countRoutes(tx, organisation, from, body.payment_product, routingSql(body.details));
      const draft: Record<string, number> = {};
      const actual: Record<string, number> = {};
      for (const row of rows) {
        draft[row.draft ?? 'unrouted'] = (draft[row.draft ?? 'unrouted'] ?? 0) + row.n;
        actual[row.actual ?? 'unrouted'] = (actual[row.actual ?? 'unrouted'] ?? 0) + row.n;
      }
      return { transactions: rows.reduce((sum, row) => sum + row.n, 0), draft, actual };
    }),
  );

/** Replays a draft ruleset: how many it would block, tag, hold or send to 3-D Secure, next to how many were; a review ruleset also how its held payments were decided. */
export const backtestRuleset = (db: Db, actor: Actor, body: TRulesetBacktest): Promise<TBacktestResult> => {
  const key = ({ block: 'blocked', tag: 'tagged', '3dSecure': 'three_ds', review: 'reviewed' } as const)[body.action];
  const happened = rulesetOutcome(body.action, body.tag);
  return timed((from) =>
    db.transaction(async (tx) => {
      const organisation = await replayOwner(tx, actor, 'validation_ruleset', body.ruleset, body.organisation);
      const draft = rulesSql(body.rules);
      const counts = await countMatches(tx, organisation, from, draft, happened);
      const reviews = body.action === 'review' ? await countReviewDecisions(tx, organisation, from, draft) : undefined;
      return { transactions: counts.total, draft: { [key]: counts.draft }, actual: { [key]: counts.actual }, reviews };
    }),
  );
};
