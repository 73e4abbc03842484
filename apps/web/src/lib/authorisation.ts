import { useLocation } from 'react-router';
import {
  hasAccess,
  isProviderUser,
  type NavContext,
  type OptionalModule,
  type RoleList,
  type TMe,
} from '@kassa/domain';
import { useEnabledModules } from './app-config.ts';
import { merchantContextOf } from './org-context.ts';
import { useMe } from './session.ts';

/** Whether this build runs in development mode (route tester, no MFA nagging). */
export const isDevelopment = import.meta.env.DEV;

export const isSuperUser = (me: TMe | null | undefined) => Boolean(me?.roles.includes('PSP_SUPER'));
export const isProvider = (me: TMe | null | undefined) => Boolean(me && (me.is_provider || isProviderUser(me.roles)));

/** The menu context: provider staff see the provider menu unless inside `psp/merchants/{id}`. */
export const navContextFor = (me: TMe, pathname: string, modules: readonly OptionalModule[]): NavContext => {
  const provider = isProvider(me);
  return {
    roles: me.roles,
    isProvider: provider,
    modules,
    area: provider && !merchantContextOf(pathname) ? 'provider' : 'merchant',
    features: me.features ?? [],
  };
};

/** `can(roles)` for the signed-in user; hides what the server would refuse anyway. */
export const useCan = () => {
  const { data: me } = useMe();
  return (roles: RoleList) => Boolean(me && hasAccess(me.roles, roles));
};

export const useNavContext = (): NavContext | null => {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const modules = useEnabledModules();
  return me ? navContextFor(me, pathname, modules) : null;
};
