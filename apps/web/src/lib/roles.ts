import { access, canGrantRole, isProviderRoleName, PERSON_ONLY, PROVIDER_ROLES } from '@kassa/domain';

const collect = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((requirement: string) => requirement !== PERSON_ONLY) // a mark on the list, not a role
        .flatMap((requirement: string) => requirement.split('&&').map((role) => role.trim()))
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(collect)
      : [];

/** Every role the product knows: the ones the shared route→roles table names, plus the provider roles. */
export const KNOWN_ROLES: readonly string[] = [...new Set([...collect(access), ...PROVIDER_ROLES])].sort();

/**
 * The roles this actor may hand out (to a user or an API key): only roles it holds itself (the
 * server refuses the rest), provider roles only on the provider's side.
 */
export const grantableRolesFor = (held: readonly string[], providerSide: boolean): string[] =>
  KNOWN_ROLES.filter((role) => canGrantRole(held, role) && (providerSide || !isProviderRoleName(role)));
