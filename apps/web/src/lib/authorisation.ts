import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  hasAccess,
  isProviderUser,
  type NavContext,
  type OptionalModule,
  type RoleList,
  type TMe,
} from '@kassa/domain';
import { apiGet } from './api-client.ts';
import { useEnabledModules } from './app-config.ts';
import { merchantContextOf } from './org-context.ts';
import { useMe } from './session.ts';

/** Whether this build runs in development mode (route tester, no MFA nagging). */
export const isDevelopment = import.meta.env.DEV;

export const isSuperUser = (me: TMe | null | undefined) => Boolean(me?.roles.includes('PSP_SUPER'));
export const isProvider = (me: TMe | null | undefined) => Boolean(me && (me.is_provider || isProviderUser(me.roles)));

/**
 * The menu context: provider staff see the provider menu unless inside `psp/merchants/{id}`, where
 * the features are that merchant's (finance and pricing need its `collecting`, as the server checks).
 */
export const navContextFor = (
  me: TMe,
  pathname: string,
  modules: readonly OptionalModule[],
  merchantFeatures?: readonly string[],
): NavContext => {
  const provider = isProvider(me);
  const inMerchant = provider && Boolean(merchantContextOf(pathname));
  return {
    roles: me.roles,
    isProvider: provider,
    modules,
    area: provider && !inMerchant ? 'provider' : 'merchant',
    // Until the merchant's features are known, none: nothing is offered that may not exist.
    features: inMerchant ? (merchantFeatures ?? []) : (me.features ?? []),
  };
};

/**
 * The features of the merchant whose context the URL opens: `null` outside a merchant context,
 * `undefined` while they load (a guard waits rather than refuse), `[]` for an unknown merchant.
 */
export const useMerchantFeatures = (pathname: string): readonly string[] | null | undefined => {
  const merchantId = merchantContextOf(pathname)?.merchantId ?? null;
  const { data, isError } = useQuery({
    queryKey: ['organisation', 'features', merchantId],
    queryFn: ({ signal }) =>
      apiGet<{ features: string[] }>(`organisation/${encodeURIComponent(merchantId ?? '')}`, {}, signal),
    enabled: merchantId !== null,
    staleTime: 60_000,
    retry: false,
  });
  if (merchantId === null) return null;
  if (isError) return [];
  return data?.features;
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
  const merchantFeatures = useMerchantFeatures(pathname);
  return me ? navContextFor(me, pathname, modules, merchantFeatures ?? undefined) : null;
};
