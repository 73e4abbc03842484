import { useEffect } from 'react';
import { useAppConfig } from '@/lib/app-config.ts';
import { scheduleServiceWorker } from '@/lib/service-worker.ts';

/** Registers the push service worker once the app has been stable for 30 s (not in development). */
export const ServiceWorkerRegistration = () => {
  const development = useAppConfig().data?.development;
  useEffect(() => (development === false ? scheduleServiceWorker(false) : undefined), [development]);
  return null;
};
