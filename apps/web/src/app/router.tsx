import { appRoutes, type AppRoute } from '@kassa/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';

import {
  AppLayout,
  CardAddPage,
  CheckoutPage,
  PayLinkPage,
  SubscriptionPage,
  ForgotPasswordPage,
  LoginPage,
  LogoutPage,
  MfaPage,
  MfaSetupPage,
  NotFoundPage,
  UpdateEmailPage,
  UpdatePasswordPage,
} from './pages.tsx';
import { GuardedPage, GuestOnly, RequireSignIn } from './route-guards.tsx';
import { Suspended } from './suspended.tsx';

const MERCHANT_CONTEXT = 'psp/merchants/:merchantId';

/** Routes sharing a path (share-credentials is one item for providers, another for merchants). */
const byPath = (routes: readonly AppRoute[]) => {
  const groups = new Map<string, AppRoute[]>();
  for (const route of routes) groups.set(route.route, [...(groups.get(route.route) ?? []), route]);
  return [...groups.entries()];
};

const guarded = (path: string, routes: AppRoute[]): RouteObject => ({ path, element: <GuardedPage routes={routes} /> });

/** Every page of the domain's route table: merchant pages at the root and in a provider's merchant context. */
const pageRoutes = (): RouteObject[] => {
  const result: RouteObject[] = [];
  for (const [path, routes] of byPath(appRoutes)) {
    const relative = path.replace(/^\//, '');
    const area = routes[0].area;
    if (path === '/') result.push({ index: true, element: <GuardedPage routes={routes} /> });
    else result.push(guarded(relative, routes));
    if (area === 'merchant') result.push(guarded(`${MERCHANT_CONTEXT}/${relative}`, routes));
  }
  const dashboard = appRoutes.filter((route) => route.id === 'dashboard');
  result.push(guarded(MERCHANT_CONTEXT, dashboard));
  return result;
};

export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <GuestOnly>
        <Suspended>
          <LoginPage />
        </Suspended>
      </GuestOnly>
    ),
  },
  {
    path: '/logout',
    element: (
      <Suspended>
        <LogoutPage />
      </Suspended>
    ),
  },
  {
    path: '/forgotPassword',
    element: (
      <GuestOnly>
        <Suspended>
          <ForgotPasswordPage />
        </Suspended>
      </GuestOnly>
    ),
  },
  {
    path: '/mfa',
    element: (
      <GuestOnly>
        <Suspended>
          <MfaPage />
        </Suspended>
      </GuestOnly>
    ),
  },
  {
    path: '/mfa/setup',
    element: (
      <GuestOnly>
        <Suspended>
          <MfaSetupPage />
        </Suspended>
      </GuestOnly>
    ),
  },
  // Reachable signed in or not: the page signs a signed-in user out first (portal.md §4).
  {
    path: '/updatePassword',
    element: (
      <Suspended>
        <UpdatePasswordPage />
      </Suspended>
    ),
  },
  {
    path: '/updateEmail',
    element: (
      <Suspended>
        <UpdateEmailPage />
      </Suspended>
    ),
  },
  // The links customers are sent (docs/decisions.md): public, never the back office's 'page not found'.
  {
    path: '/pay/:token',
    element: (
      <Suspended>
        <PayLinkPage />
      </Suspended>
    ),
  },
  {
    path: '/subscribe/:token',
    element: (
      <Suspended>
        <SubscriptionPage />
      </Suspended>
    ),
  },
  {
    path: '/add-card/:token',
    element: (
      <Suspended>
        <CardAddPage />
      </Suspended>
    ),
  },
  // The hosted checkout page of a payment waiting for its 3-D Secure challenge.
  {
    path: '/checkout/:token',
    element: (
      <Suspended>
        <CheckoutPage />
      </Suspended>
    ),
  },
  {
    element: (
      <RequireSignIn>
        <Suspended>
          <AppLayout />
        </Suspended>
      </RequireSignIn>
    ),
    children: [...pageRoutes(), { path: '*', element: <NotFoundPage /> }],
  },
]);
