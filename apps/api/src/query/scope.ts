import type { TMode } from '@kassa/domain';

/**
 * What a request may see. Worked out once per request from the signed-in user (or API key)
 * and applied by the query layer to every query (query/where.ts), so no route can forget it.
 */
export type Scope = (
  | { kind: 'all' }
  | { kind: 'merchant'; merchantId: string; orgPath: string }
  | { kind: 'orgs'; orgIds: string[]; orgPath: string }
) & {
  /**
   * The mode whose payment-side rows the request sees (test mode, issue 38): the API key's or the
   * signed-in person's. Absent for jobs and internal reads: live.
   */
  mode?: TMode;
};

/** The mode a scope reads and writes: live unless the request is in test mode. */
export const modeOf = (scope: Scope): TMode => scope.mode ?? 'live';

/**
 * The scope of a user of this organisation: the provider sees everything, a merchant its whole
 * merchant, a sub-organisation its own subtree (`subtree`: the ids of the organisation and those
 * below it; needed only for a sub-organisation). One mapping for callers and for row owners alike.
 */
export const scopeOfOrganisation = (org: { id: string; type: string; path: string }, subtree: string[]): Scope => {
  if (org.type === 'provider') return { kind: 'all' };
  if (org.type === 'merchant') return { kind: 'merchant', merchantId: org.id, orgPath: org.path };
  return { kind: 'orgs', orgIds: subtree, orgPath: org.path };
};
