import { diffSnapshots } from '@kassa/domain';
import { notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { findVersion, insertVersion, lastVersionNumber, type OwnedRow } from './risk.repository.ts';

export type VersionedEntity = 'routing' | 'validationruleset';

/**
 * Records one saved state of a routing or ruleset: the snapshot of what the user sees and the
 * diff to the state before it, under the next version number.
 */
export const recordVersion = async (
  tx: Queryable,
  actor: Actor,
  entity: VersionedEntity,
  row: Pick<OwnedRow, 'id' | 'organisation_id' | 'merchant_id'>,
  change: 'created' | 'updated' | 'rolled_back' | 'deleted',
  snapshot: Record<string, unknown>,
): Promise<number> => {
  const previous = await lastVersionNumber(tx, row.id);
  const before = previous > 0 ? (await findVersion(tx, row.id, previous))?.snapshot : undefined;
  const version = previous + 1;
  await insertVersion(tx, {
    entity,
    entityId: row.id,
    organisationId: row.organisation_id,
    merchantId: row.merchant_id,
    version,
    userId: actor.userId,
    userName: actor.audit.userName ?? null,
    change,
    snapshot,
    diff: before ? diffSnapshots(before, snapshot) : [],
  });
  return version;
};

/** The snapshot of an earlier version of a row already locked in the caller's scope. */
export const findVersionOrNotFound = async (tx: Queryable, entityId: string, version: number) => {
  const target = await findVersion(tx, entityId, version);
  if (!target) throw notFoundAt('params.version', 'Version');
  return target.snapshot;
};
