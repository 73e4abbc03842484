import type { TOwnSession } from '@kassa/domain';
import { Button, Card, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { useEndSessions, useSessions } from '../api/sessions.ts';

/** The user's own live sessions; any other one can be ended, or all others at once. */
export const SessionsCard = () => {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <Card
      title={t('profile.sessionsTitle')}
      extra={
        <Popconfirm
          title={t('profile.endOthersConfirm')}
          onConfirm={() => end.mutate('others')}
          okText={t('profile.endOthers')}
          cancelText={t('profile.cancel')}
        >
          <Button disabled={others === 0} loading={end.isPending}>
            {t('profile.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Table<TOwnSession>
        rowKey="id"
        size="small"
        loading={sessions.isPending}
        pagination={false}
        dataSource={sessions.data ?? []}
        columns={[
          {
            key: 'device',
            title: t('profile.device'),
            render: (_, row) => (
              <span title={row.user_agent ?? ''}>{shortAgent(row.user_agent) || t('detail.none')}</span>
            ),
          },
          { key: 'ip', title: t('profile.ip'), dataIndex: 'ip' },
          {
            key: 'created_at',
            title: t('profile.signedInAt'),
            render: (_, row) => <DateTime value={row.created_at} />,
          },
          {
            key: 'last_seen_at',
            title: t('profile.lastSeen'),
            render: (_, row) => <DateTime value={row.last_seen_at} />,
          },
          {
            key: 'action',
            title: '',
            render: (_, row) =>
              row.current ? (
                <Tag color="blue">{t('profile.thisSession')}</Tag>
              ) : (
                <Button size="small" onClick={() => end.mutate({ id: row.id })}>
                  {t('profile.endSession')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
};

/** Browser and platform from a user-agent string, enough to recognise one's own devices. */
const shortAgent = (agent: string | null): string => {
  if (!agent) return '';
  const browser = /(Edg|Chrome|Firefox|Safari)\/[\d.]+/.exec(agent)?.[1]?.replace('Edg', 'Edge') ?? '';
  const platform = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(agent)?.[1] ?? '';
  return [browser, platform].filter(Boolean).join(' · ') || agent.slice(0, 40);
};
