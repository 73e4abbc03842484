/** A role requirement: a single role, or several joined by `&&` that must all be held. */
export type RoleRequirement = string;

/** Any one requirement in the list grants access; an empty list means "signed in is enough". */
export type RoleList = readonly RoleRequirement[];

/** Roles that make a user provider staff. */
export const PROVIDER_ROLES = ['PSP', 'PSP_ALL', 'PSP_SUPER'] as const;

export const isProviderUser = (roles: readonly string[]): boolean =>
  roles.some((role) => role === 'PSP' || role.startsWith('PSP_'));

const meets = (held: ReadonlySet<string>, requirement: RoleRequirement): boolean =>
  requirement
    .split('&&')
    .map((part) => part.trim())
    .every((role) => held.has(role));

/**
 * True when the held roles satisfy the list: any one entry suffices, `A && B` needs both.
 * PSP_ALL is the provider's super role and grants every merchant-area requirement too, because
 * provider staff work inside a merchant's context (`psp/merchants/{id}`); it never grants
 * PSP_SUPER-only areas.
 */
export const hasAccess = (heldRoles: readonly string[], required: RoleList): boolean => {
  if (required.length === 0) return true;
  const held = new Set(heldRoles);
  if (required.some((requirement) => meets(held, requirement))) return true;
  const needsSuper = required.every((requirement) => requirement.includes('PSP_SUPER'));
  return held.has('PSP_ALL') && !needsSuper;
};
