import { areaAllows, flagsAllow, hasAccess, type AppRoute } from '@kassa/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useEnabledModules } from '@/lib/app-config.ts';
import { isProvider, navContextFor, useMerchantFeatures } from '@/lib/authorisation.ts';
import { rememberRedirect, takeRedirect } from '@/lib/redirect-memory.ts';
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

/**
 * Where a signed-in user leaves the sign-in pages for: the page saved for them (a deep link
 * opened signed out, the page before an idle sign-out; portal.md §4), else `/`. Once, also when
 * React runs the effect twice.
 */
const LeaveSignIn = ({ userId }: { userId: string }) => {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (left.current) return;
    left.current = true;
    void navigate(takeRedirect(userId) ?? '/', { replace: true });
  }, [navigate, userId]);
  return <PageSpinner />;
};

/**
 * Sign-in pages bounce signed-in users (portal.md §2.1). This is the one place that leaves them
 * after signing in too: the sign-in steps only put the user into the cache, so no page's own
 * navigation races this one (which went to `/` and dropped the saved page).
 */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  return me ? <LeaveSignIn userId={me.id} /> : children;
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
  const merchantFeatures = useMerchantFeatures(pathname);
  if (!me) return null;
  // In a merchant's context the page may need that merchant's features: known before deciding.
  if (merchantFeatures === undefined && isProvider(me)) return <PageSpinner />;
  const context = navContextFor(me, pathname, modules, merchantFeatures ?? undefined);
  if (!routes.some((route) => areaAllows(route, context))) return <NotFoundPage />;
  const withModule = routes.filter((route) => !route.module || modules.includes(route.module));
  if (withModule.length === 0) return <NotAvailablePage />;
  const allowed = withModule.find((route) => flagsAllow(route, context) && hasAccess(me.roles, route.roles));
  if (!allowed) return <Navigate to="/" replace />;
  const Page = pages[allowed.id];
  return Page ? <Page /> : <ComingSoonPage routeId={allowed.id} />;
};
