import { grantableRolesFor } from '@/lib/roles.ts';
import type { UserSide } from './api/types.ts';

export { KNOWN_ROLES } from '@/lib/roles.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;
const ACTION = /_(ALL|LIST|CREATE|UPDATE|DELETE|STATISTICS)$/;

/** A role in words (`TRANSACTION_LIST` → "Transacties: bekijken"); a role the translations do not know stays its code. */
export const roleLabel = (t: Translate, role: string): string => {
  const special = t(`roles.special.${role}`, { defaultValue: '' });
  if (special) return special;
  const action = ACTION.exec(role)?.[1];
  const group = action ? role.replace(ACTION, '') : role;
  const provider = group.startsWith('PSP_');
  const groupName = t(`roles.groups.${provider ? group.slice(4) : group}`, { defaultValue: '' });
  if (!action || !groupName) return role;
  return `${provider ? `${t('roles.provider')} – ` : ''}${groupName}: ${t(`roles.actions.${action}`)}`;
};

/**
 * Orders the picker's matches so that what was typed wins: the role whose code is exactly the
 * search first, then codes and names that start with it, then the rest. Enter picks the first.
 */
export const rankRole = (search: string, option: { value: string; label: string }): number => {
  const needle = search.trim().toLowerCase();
  const code = option.value.toLowerCase();
  const name = option.label.toLowerCase();
  if (code === needle || name === needle) return 0;
  if (code.startsWith(needle) || name.startsWith(needle)) return 1;
  return 2;
};

/** The roles this actor may hand out on this side (provider roles only to provider users). */
export const grantableRoles = (held: readonly string[], side: UserSide): string[] =>
  grantableRolesFor(held, side === 'psp');
