/**
 * What a request may see. Worked out once per request from the signed-in user (or API key)
 * and applied by the query layer to every query (query/where.ts), so no route can forget it.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'merchant'; merchantId: string; orgPath: string }
  | { kind: 'orgs'; orgIds: string[]; orgPath: string };
