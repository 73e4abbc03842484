import { ZEmailAddress } from './auth.ts';
import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { updateSchema } from './update-schema.ts';
import { ZLanguage } from './identity.ts';

const ZRole = z
  .string()
  .regex(/^[A-Z][A-Z_]*$/, { message: 'invalidRole' })
  .max(64);

/** Creating a platform or provider user; the organisation defaults to the creator's own. */
export const ZUserCreateBody = z.object({
  email: ZEmailAddress,
  name: z.string().trim().min(1).max(200),
  language: ZLanguage.default('nl'),
  organisation: z.string().min(1).max(64).optional(),
  roles: z.array(ZRole).max(200).default([]),
});
export type TUserCreateBody = z.infer<typeof ZUserCreateBody>;

/** Updating a user: only the fields sent change. */
export const ZUserUpdateBody = z.object({
  email: ZEmailAddress.optional(),
  name: z.string().trim().min(1).max(200).optional(),
  language: ZLanguage.optional(),
  organisation: z.string().min(1).max(64).optional(),
  roles: z.array(ZRole).max(200).optional(),
});
export type TUserUpdateBody = z.infer<typeof ZUserUpdateBody>;

/** A welcome-mail template (risk-config.md §3): name and HTML content with `{{name}}` and `{{link}}`. */
/** The placeholder a welcome mail must carry: it becomes the link to choose a password. */
export const WELCOME_LINK_PLACEHOLDER = '{{link}}';

export const ZWelcomeMailBody = z.object({
  id: z.string().min(1).max(64).optional(),
  name: z.string().trim().min(1, { message: 'This field is required' }).max(200),
  content: z
    .string()
    .trim()
    .min(1, { message: 'This field is required' })
    .max(100_000)
    .refine(
      (content) => content === '' || content.includes(WELCOME_LINK_PLACEHOLDER),
      coded('linkMissing', `The content must contain ${WELCOME_LINK_PLACEHOLDER}`, { link: WELCOME_LINK_PLACEHOLDER }),
    ),
  default: z.boolean().optional(),
  psp_default: z.boolean().optional(),
});
export type TWelcomeMailBody = z.infer<typeof ZWelcomeMailBody>;
/** Updating a template: only the fields sent change (a default toggle sends only its flag). */
export const ZWelcomeMailUpdate = updateSchema(ZWelcomeMailBody.omit({ id: true }).shape);
export type TWelcomeMailUpdate = z.infer<typeof ZWelcomeMailUpdate>;

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
