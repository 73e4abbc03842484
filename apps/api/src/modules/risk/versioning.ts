import { diffSnapshots } from '@kassa/domain';
import { notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import type { EntityDef } from '../../query/entity.ts';
import { updateEntity, type UpdateCtx, type WriteDef, type Written } from '../../query/write.ts';
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

/**
 * Restores a routing or ruleset as it was in an earlier version, through the same rules as a save
 * (`apply`); the restore is itself a new version. The version is read once the row is known to be
 * the caller's, so a foreign id answers as unknown whatever version is asked for.
 */
export const rollbackTo = <E extends EntityDef, B extends object>(
  db: Db,
  actor: Actor,
  def: WriteDef<E>,
  id: string,
  version: number,
  apply: (ctx: UpdateCtx<B>) => Promise<Written>,
) =>
  updateEntity(
    db,
    actor,
    def,
    id,
    async (tx) => {
      const target = await findVersion(tx, id, version);
      if (!target) throw notFoundAt('params.version', 'Version');
      return target.snapshot as B;
    },
    apply,
    'rolled_back',
  );
