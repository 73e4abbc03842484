import { newId } from '../../lib/ids.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type NewOrganisation = {
  id?: string;
  parentId: string | null;
  name: string;
  email?: string | null;
  countryCode?: string;
  locality?: string | null;
  features?: string[];
  mfaRequired?: 'email' | 'google' | null;
  createdAt?: Date;
};

/**
 * Inserts an organisation below its parent. The type, the tree path and the merchant it belongs
 * to follow from the parent: below the provider a merchant, below anything else a sub-organisation.
 */
export const insertOrganisation = async (
  db: Queryable,
  org: NewOrganisation,
): Promise<{ id: string; path: string; type: string; merchantId: string | null }> => {
  const id = org.id ?? newId('org');
  let path = `/${id}/`;
  let type: 'provider' | 'merchant' | 'sub' = 'provider';
  let merchantId: string | null = null;
  if (org.parentId) {
    const [parent] = await db.query<{ path: string; type: string; merchant_id: string | null }>(
      sql`select path, type, merchant_id from organisation where id = ${org.parentId}`,
    );
    if (!parent) throw new Error(`Parent organisation ${org.parentId} does not exist`);
    path = `${parent.path}${id}/`;
    type = parent.type === 'provider' ? 'merchant' : 'sub';
    merchantId = type === 'merchant' ? id : parent.merchant_id;
  }
  await db.query(sql`insert into organisation (id, parent_id, merchant_id, type, path, name, email, country_code, locality, features, mfa_required, created_at)
    values (${id}, ${org.parentId}, ${merchantId}, ${type}, ${path}, ${org.name}, ${org.email ?? null}, ${org.countryCode ?? 'NL'},
      ${org.locality ?? null}, ${org.features ?? []}, ${org.mfaRequired ?? null}, ${org.createdAt ?? new Date()})`);
  return { id, path, type, merchantId };
};

export type OrgRow = {
  id: string;
  parent_id: string | null;
  merchant_id: string | null;
  type: 'provider' | 'merchant' | 'sub';
  path: string;
};

/** The name and address columns an update may send. */
export const ADDRESS_COLUMNS = [
  'name',
  'email',
  'phone',
  'street',
  'street_number',
  'extended_address',
  'country_code',
  'region',
  'postal_code',
  'locality',
  'tax_number',
] as const;

/** Re-roots the subtree at `org.path` to `newPath` and hangs the organisation below its new parent. */
export const moveOrganisationSubtree = async (
  tx: Queryable,
  org: Pick<OrgRow, 'id' | 'path'>,
  parentId: string,
  newPath: string,
) => {
  await tx.query(
    sql`update organisation set path = ${newPath} || substr(path, ${org.path.length + 1}), updated_at = now() where path like ${`${org.path}%`}`,
  );
  await tx.query(sql`update organisation set parent_id = ${parentId} where id = ${org.id}`);
};
