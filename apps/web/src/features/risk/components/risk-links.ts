import { access } from '@kassa/domain';
import { useLocation } from 'react-router';
import { isProvider, useCan } from '@/lib/authorisation.ts';
import { merchantContextOf } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';

/**
 * Where the routing side detail's organisation and processors link to (risk-config.md §2.3), or
 * null where the user may not open that screen: the organisation in Settings → Organisations;
 * a processor in the provider's processor list for provider staff, and in processor statistics
 * (compare, one processor) for merchant users. Kept inside the provider's merchant context.
 */
export const useRiskLinks = () => {
  const { pathname } = useLocation();
  const can = useCan();
  const { data: me } = useMe();
  const inMerchant = merchantContextOf(pathname) !== null;
  const prefix = inMerchant ? (/^\/psp\/merchants\/[^/]+/.exec(pathname)?.[0] ?? '') : '';
  const provider = isProvider(me);
  return {
    organisation: (id: string) =>
      can(access.organisation.list) ? `${prefix}/organisations?id=${encodeURIComponent(id)}` : null,
    processor: (id: string) => {
      if (provider)
        return can(access.pspProcessor.list)
          ? `${inMerchant ? prefix : '/psp'}/processors?open=${encodeURIComponent(id)}`
          : null;
      return can(access.dashboards.processors)
        ? `${prefix}/insights/dashboards/processor-compare?ids=${encodeURIComponent(id)}`
        : null;
    },
  };
};
