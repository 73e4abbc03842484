import type { ReconciliationExceptionState, TReconciliationDecision } from '@kassa/domain';
import { conflict, notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { scopeCondition } from '../../query/where.ts';
import * as repo from './reconciliation.repository.ts';

const OPEN: readonly ReconciliationExceptionState[] = ['open', 'investigating'];
/** The states each action starts from. */
const FROM: Record<TReconciliationDecision['action'], readonly ReconciliationExceptionState[]> = {
  assign: ['open', 'investigating', 'write_off_requested'],
  investigate: ['open'],
  resolve: OPEN,
  request_write_off: OPEN,
  approve_write_off: ['write_off_requested'],
};
const TO: Record<TReconciliationDecision['action'], ReconciliationExceptionState | null> = {
  assign: null,
  investigate: 'investigating',
  resolve: 'resolved',
  request_write_off: 'write_off_requested',
  approve_write_off: 'written_off',
};

/**
 * One decision on one or more exceptions, all or nothing: every id must be one the actor may see
 * (else 404, as for an unknown one) and in a state the action starts from (else 409); a write-off
 * is approved by a person other than the one who asked for it. Each exception's change is
 * audited with its old and new state.
 */
export const decideExceptions = async (db: Db, actor: Actor, decision: TReconciliationDecision): Promise<number> => {
  const ids = [...new Set(decision.ids)];
  return db.transaction(async (tx) => {
    const rows = await repo.lockExceptions(tx, ids, scopeCondition(actor.scope, 'merchant'));
    const found = new Map(rows.map((row) => [row.id, row]));
    const unknown = ids.findIndex((id) => !found.has(id));
    if (unknown >= 0) throw notFoundAt(`body.ids.${unknown}`, 'Exception');
    const wrong = rows.find((row) => !FROM[decision.action].includes(row.state));
    if (wrong) throw conflict(`Exception ${wrong.id} is ${wrong.state}: it cannot be changed this way`);
    let owner: string | null = null;
    if (decision.action === 'assign' && decision.owner !== null) {
      const user = await repo.findProviderUser(tx, decision.owner);
      if (!user) throw notFoundAt('body.owner', 'User');
      owner = user;
    }
    if (decision.action === 'approve_write_off') {
      const own = rows.find((row) => row.write_off_requested_by === actor.userId);
      if (own)
        throw conflict(`Exception ${own.id}: a write-off is approved by a second person, not the one who asked for it`);
    }
    const to = TO[decision.action];
    const reason = 'reason' in decision ? decision.reason : null;
    if (decision.action === 'assign') await repo.assignExceptions(tx, ids, owner);
    else if (decision.action === 'investigate') await repo.investigateExceptions(tx, ids, actor.userId);
    else if (decision.action === 'request_write_off') await repo.requestWriteOff(tx, ids, reason, actor.userId);
    else await repo.decideExceptionState(tx, ids, to, decision.action === 'resolve', reason, actor.userId);
    for (const row of rows)
      await recordAudit(tx, {
        ...actor.audit,
        organisationId: row.organisation_id,
        type: `reconciliation_exception_${decision.action}`,
        responseCode: 200,
        entity: 'reconciliationexception',
        entityId: row.id,
        transactionId: null,
        detail: {
          from: row.state,
          to: to ?? row.state,
          ...(reason ? { reason } : {}),
          ...(decision.action === 'assign' ? { owner, previous_owner: row.owner_id } : {}),
        },
      });
    return rows.length;
  });
};
