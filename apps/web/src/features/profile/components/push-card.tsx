import type { TPushEvent } from '@kassa/domain';
import { Alert, Button, Card, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPushSupported } from '@/lib/service-worker.ts';
import {
  useBrowserSubscription,
  usePushState,
  useSavePushEvents,
  useSendTestPush,
  useSubscribePush,
  useUnsubscribePush,
} from '../api/push.ts';

/**
 * Push notifications (portal.md §7, §8; issue 13): this browser on or off, the events to be told
 * about, and a test. The spec's messages when unsupported, not subscribed, or unsubscribe fails.
 */
export const PushCard = () => {
  const { t } = useTranslation();
  const supported = isPushSupported();
  const state = usePushState();
  const browser = useBrowserSubscription();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const saveEvents = useSavePushEvents();
  const test = useSendTestPush();
  const subscription = browser.data ?? null;
  // The ticked events show at once; the server's answer replaces them.
  const [picked, setPicked] = useState<TPushEvent[] | null>(null);
  const onPick = (events: TPushEvent[]) => {
    setPicked(events);
    saveEvents.mutate(events, { onSettled: () => setPicked(null) });
  };
  return (
    <Card title={t('profile.push.title')}>
      <Flex vertical gap="middle">
        {!supported && <Alert type="warning" showIcon title={t('profile.push.unsupported')} />}
        {supported && !subscription && !browser.isPending && (
          <Alert type="info" showIcon role="status" title={t('profile.push.notSubscribed')} />
        )}
        {subscription && <Alert type="success" showIcon role="status" title={t('profile.push.subscribed')} />}
        {subscribe.error && (
          <Alert
            type="error"
            showIcon
            title={t(
              subscribe.error.message === 'permission'
                ? 'profile.push.permissionDenied'
                : 'profile.push.subscribeFailed',
            )}
          />
        )}
        {unsubscribe.error && <Alert type="error" showIcon title={t('profile.push.unsubscribeFailed')} />}
        {supported && (
          <Flex gap="small" wrap>
            {subscription ? (
              <Button onClick={() => unsubscribe.mutate(subscription)} loading={unsubscribe.isPending}>
                {t('profile.push.turnOff')}
              </Button>
            ) : (
              <Button
                type="primary"
                disabled={!state.data}
                onClick={() => state.data && subscribe.mutate(state.data.public_key)}
                loading={subscribe.isPending}
              >
                {t('profile.push.turnOn')}
              </Button>
            )}
            <Button disabled={!subscription} onClick={() => test.mutate()} loading={test.isPending}>
              {t('profile.push.test')}
            </Button>
          </Flex>
        )}
        {test.data && (
          <Typography.Text role="status">{t('profile.push.testSent', { count: test.data.sent })}</Typography.Text>
        )}
        <div>
          <Typography.Text strong id="push-events-label">
            {t('profile.push.events')}
          </Typography.Text>
          <Checkbox.Group
            aria-labelledby="push-events-label"
            style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}
            disabled={!state.data}
            value={picked ?? state.data?.events ?? []}
            options={(state.data?.available_events ?? []).map((event) => ({
              value: event,
              label: t(`profile.push.eventNames.${event.replace('.', '_')}`),
            }))}
            onChange={(events) => onPick(events as TPushEvent[])}
          />
          {saveEvents.isSuccess && (
            <Typography.Text type="success" role="status">
              {t('profile.push.saved')}
            </Typography.Text>
          )}
        </div>
      </Flex>
    </Card>
  );
};
