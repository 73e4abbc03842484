/** A role requirement: a single role, or several joined by `&&` that must all be held. */
export type RoleRequirement = string;

/** Any one requirement in the list grants access; an empty list means "signed in is enough". */
export type RoleList = readonly RoleRequirement[];

/**
 * The mark of a person's business (credentials: API keys, users, roles, MFA, passwords, e-mail
 * addresses, sessions, push subscriptions). It sits inside the role list, so it survives the
 * spreading that joins lists, and no role can be named like it (roles are `[A-Z][A-Z_]*`), so no
 * one ever holds it.
 */
export const PERSON_ONLY = '@person';

/** A role list only a signed-in person may use: an API key is refused whatever roles it holds. */
export const person = <const T extends RoleList>(roles: T): readonly [typeof PERSON_ONLY, ...T] => [
  PERSON_ONLY,
  ...roles,
];

/**
 * True when an API key may never use a route declaring this list: it is marked `person(...)`, or
 * it needs no role at all (a person's own business: profile, sign-out, MFA).
 */
export const isPersonOnly = (roles: RoleList): boolean => roles.length === 0 || roles.includes(PERSON_ONLY);

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
export const hasAccess = (heldRoles: readonly string[], list: RoleList): boolean => {
  // The person mark is about who asks, not about roles (the server checks it apart).
  const required = list.includes(PERSON_ONLY) ? list.filter((requirement) => requirement !== PERSON_ONLY) : list;
  if (required.length === 0) return true;
  const held = new Set(heldRoles);
  if (required.some((requirement) => meets(held, requirement))) return true;
  const needsSuper = required.every((requirement) => requirement.includes('PSP_SUPER'));
  return held.has('PSP_ALL') && !needsSuper;
};
