import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { merchantContextOf } from '@/lib/org-context.ts';

/** Lists an entity link can open, filtered by one field (e.g. a refund's reference → transactions). */
export type LinkTarget =
  | 'transactions'
  | 'refunds'
  | 'chargebacks'
  | 'customers'
  | 'subscriptions'
  | 'subscriptions/plans'
  | 'card-add-links'
  | 'payment-links';

/** The href of a filtered list, kept inside the provider's merchant context when in one. */
export const useEntityHref = () => {
  const { pathname } = useLocation();
  const prefix = merchantContextOf(pathname) ? (/^\/psp\/merchants\/[^/]+/.exec(pathname)?.[0] ?? '') : '';
  return (target: LinkTarget, filter: Record<string, string>, open = false) => {
    const query = new URLSearchParams(filter);
    if (open && filter.id) query.set('open', filter.id);
    return `${prefix}/${target}?${query.toString()}`;
  };
};

/** A link from one entity to another's list, e.g. `/transactions?merchant_reference=…`. */
export const EntityLink = ({
  to,
  filter,
  open,
  children,
}: {
  to: LinkTarget;
  filter: Record<string, string>;
  open?: boolean;
  children: ReactNode;
}) => {
  const href = useEntityHref();
  return (
    <Link to={href(to, filter, open)} onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
};
