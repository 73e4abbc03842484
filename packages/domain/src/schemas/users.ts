import { z } from 'zod';
import { ZLanguage } from './identity.ts';

const ZRole = z.string().regex(/^[A-Z][A-Z_]*$/, { message: 'invalidRole' }).max(64);

/** Creating a platform or provider user; the organisation defaults to the creator's own. */
export const ZUserCreateBody = z.object({
  email: z.email({ message: 'form_validation.email' }).max(254),
  name: z.string().trim().min(1, { message: 'form_validation.required' }).max(200),
  language: ZLanguage.default('nl'),
  organisation: z.string().min(1).max(64).optional(),
  roles: z.array(ZRole).max(200).default([]),
});
export type TUserCreateBody = z.infer<typeof ZUserCreateBody>;

/** Updating a user: only the fields sent change. */
export const ZUserUpdateBody = z.object({
  email: z.email({ message: 'form_validation.email' }).max(254).optional(),
  name: z.string().trim().min(1, { message: 'form_validation.required' }).max(200).optional(),
  language: ZLanguage.optional(),
  organisation: z.string().min(1).max(64).optional(),
  roles: z.array(ZRole).max(200).optional(),
});
export type TUserUpdateBody = z.infer<typeof ZUserUpdateBody>;

/** A user as the user lists show it; secrets never leave the server. */
export const ZUser = z.object({
  id: z.string(),
  created_at: z.union([z.string(), z.date()]),
  email: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.enum(['active', 'disabled']),
  mfa: z.enum(['email', 'google']).nullable(),
  organisation: z.union([z.string(), z.object({ id: z.string(), name: z.string() }).passthrough()]),
  roles: z.array(z.string()),
  locked: z.boolean(),
  last_login_at: z.union([z.string(), z.date()]).nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/** A welcome-mail template (risk-config.md §3): name and HTML content with `{{name}}` and `{{link}}`. */
export const ZWelcomeMailBody = z.object({
  id: z.string().min(1).max(64).optional(),
  name: z.string().trim().min(1, { message: 'required' }).max(200),
  content: z.string().trim().min(1, { message: 'required' }).max(100_000),
  default: z.boolean().optional(),
  psp_default: z.boolean().optional(),
});
export type TWelcomeMailBody = z.infer<typeof ZWelcomeMailBody>;

export const ZWelcomeMail = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  default: z.boolean(),
  psp_default: z.boolean(),
  created_at: z.union([z.string(), z.date()]),
  updated_at: z.union([z.string(), z.date()]),
});
export type TWelcomeMail = z.infer<typeof ZWelcomeMail>;

const isProviderRole = (role: string) => role === 'PSP' || role.startsWith('PSP_');
const groupOf = (role: string) => role.replace(/_(ALL|LIST|CREATE|UPDATE|DELETE|STATISTICS)$/, '');

/**
 * Whether a user holding `held` may grant `role`: only roles it holds itself. Holding a group's
 * `_ALL` role holds the group's parts; the super roles hold their side's roles (USER_ALL the
 * merchant side, PSP_ALL both sides), but PSP_SUPER is held only by holding it.
 */
export const canGrantRole = (held: readonly string[], role: string): boolean => {
  if (held.includes(role)) return true;
  if (role === 'PSP_SUPER') return false;
  if (held.includes('PSP_ALL')) return true;
  if (!isProviderRole(role) && held.includes('USER_ALL')) return true;
  const group = groupOf(role);
  return group !== role && held.includes(`${group}_ALL`);
};

/** Provider roles may only be held by users of the provider organisation. */
export const isProviderRoleName = isProviderRole;
