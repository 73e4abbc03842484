import { areaAllows, flagsAllow, hasAccess, type AppRoute } from '@kassa/domain';
import { type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useEnabledModules } from '@/lib/app-config.ts';
import { navContextFor } from '@/lib/authorisation.ts';
import { rememberRedirect } from '@/lib/redirect-memory.ts';
import { useMe } from '@/lib/session.ts';
import { ComingSoonPage, NotAvailablePage, NotFoundPage, pages } from './pages.tsx';
import { PageSpinner } from './suspended.tsx';

/** Signed-out visitors go to /login; the URL they asked for is kept for after sign-in. */
export const RequireSignIn = ({ children }: { children: ReactNode }) => {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (!me) {
    rememberRedirect(location.pathname + location.search, null);
    return <Navigate to="/login" replace />;
  }
  return children;
};

/** Sign-in pages bounce signed-in users to / (portal.md §2.1). */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  return me ? <Navigate to="/" replace /> : children;
};

/**
 * A page behind its area, roles and flags: a provider page (`/psp/…`) does not exist for a
 * merchant user, whatever roles it holds ("page not found", as for any unknown path); without
 * the roles the user is sent to `/` (portal.md §6); a disabled optional module answers "not
 * available"; a page not built yet says so.
 */
export const GuardedPage = ({ routes }: { routes: AppRoute[] }) => {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const modules = useEnabledModules();
  if (!me) return null;
  const context = navContextFor(me, pathname, modules);
  if (!routes.some((route) => areaAllows(route, context))) return <NotFoundPage />;
  const withModule = routes.filter((route) => !route.module || modules.includes(route.module));
  if (withModule.length === 0) return <NotAvailablePage />;
  const allowed = withModule.find((route) => flagsAllow(route, context) && hasAccess(me.roles, route.roles));
  if (!allowed) return <Navigate to="/" replace />;
  const Page = pages[allowed.id];
  return Page ? <Page /> : <ComingSoonPage routeId={allowed.id} />;
};
