import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '@/lib/api-client.ts';
import { followCacheGenerations } from '@/lib/cache-sync.ts';
import { organisationDefaults } from '@/lib/org-context.ts';
import { queryClient } from '@/lib/query-client.ts';
import { LocaleProvider } from './locale-provider.tsx';
import { setNavigator } from './navigator.ts';
import { router } from './router.tsx';
import { ServiceWorkerRegistration } from './service-worker-registration.tsx';
import { endSession } from './session-flow.ts';

setNavigator((to, options) => router.navigate(to, options));
configureApiClient({
  defaults: organisationDefaults,
  onUnauthorized: () => endSession('expired'),
  onCacheGenerations: followCacheGenerations,
});

/** The whole app: server-state cache, locale-aware component library, router. */
export const App = () => (
  <QueryClientProvider client={queryClient}>
    <ServiceWorkerRegistration />
    <LocaleProvider>
      <RouterProvider router={router} />
    </LocaleProvider>
  </QueryClientProvider>
);
