import type { TUserRow } from '@kassa/domain';

/** Platform users live under `user`, provider users under `psp/user`. */
export type UserSide = 'platform' | 'psp';
export const userPath = (side: UserSide) => (side === 'psp' ? 'psp/user' : 'user');

export type UserRow = TUserRow;
export type OrganisationRef = { id: string; name: string; type?: string };
export const organisationOf = (row: UserRow): OrganisationRef | null =>
  row.organisation && typeof row.organisation === 'object' ? (row.organisation as OrganisationRef) : null;
