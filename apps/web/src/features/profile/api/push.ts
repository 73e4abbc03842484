import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPushEvent, TPushState } from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { isPushSupported, serviceWorkerRegistration } from '@/lib/service-worker.ts';

/** `GET /v1/push`: the VAPID key, the events the user picked, how many browsers are subscribed. */
export const pushStateQueryOptions = () =>
  queryOptions({ queryKey: ['push', 'state'], queryFn: ({ signal }) => apiGet<TPushState>('push', {}, signal) });
export const usePushState = () => useQuery(pushStateQueryOptions());

/** This browser's own push subscription, if any (none where push is unsupported). */
export const useBrowserSubscription = () =>
  useQuery({
    queryKey: ['push', 'browser'],
    enabled: isPushSupported(),
    queryFn: async () =>
      (await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription()) ?? null,
  });

const useInvalidatePush = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['push'] });
};

/** Asks for permission, subscribes this browser with the server's VAPID key and sends the subscription (`POST /v1/push/subscription`). */
export const useSubscribePush = () => {
  const invalidate = useInvalidatePush();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('permission');
      const registration = await serviceWorkerRegistration();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      return apiPost<TPushState>('push/subscription', subscription.toJSON());
    },
    onSettled: invalidate,
  });
};

/** Unsubscribes this browser at the push service and at Kassa (`POST /v1/push/subscription/remove`). */
export const useUnsubscribePush = () => {
  const invalidate = useInvalidatePush();
  return useMutation({
    mutationFn: async (subscription: PushSubscription) => {
      const { endpoint } = subscription;
      if (!(await subscription.unsubscribe())) throw new Error('unsubscribe');
      return apiPost<TPushState>('push/subscription/remove', { endpoint });
    },
    onSettled: invalidate,
  });
};

/** `POST /v1/push/preferences`: the events to be told about. */
export const useSavePushEvents = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (events: TPushEvent[]) => apiPost<TPushState>('push/preferences', { events }),
    onSuccess: (state) => queryClient.setQueryData(pushStateQueryOptions().queryKey, state),
  });
};

/** `POST /v1/push/test`: a test notification to every browser of this user. */
export const useSendTestPush = () =>
  useMutation({ mutationFn: () => apiPost<{ sent: number; failed: number; removed: number }>('push/test') });
