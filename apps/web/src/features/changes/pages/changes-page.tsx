import { SettingOutlined } from '@ant-design/icons';
import { Button, Table, Tabs } from 'antd';
import { access, type TChangeRequestRow } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useMe } from '@/lib/session.ts';
import { CHANGE_TABS, useChangeRequests, type ChangeTab } from '../api/change-requests.ts';
import { ChangeDetail } from '../components/change-detail.tsx';
import { ChangePolicyDrawer } from '../components/change-policy.tsx';
import { ChangeStatus } from '../components/change-status.tsx';

const tabOf = (value: string | null): ChangeTab =>
  (CHANGE_TABS as string[]).includes(value ?? '') ? (value as ChangeTab) : 'pending';

/**
 * `/changes` (issue 35): risky changes waiting for a second person, the author's own, and decided
 * ones; the organisation's administrators open its policy here (`?policy=1`). The tab, the open
 * request and the policy live in the URL.
 */
export const ChangesPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { data: me } = useMe();
  const can = useCan();
  const list = useChangeRequests(tab, me?.id);
  const policyOpen = params.get('policy') === '1' && can(access.changes.policy);
  const openId = params.get('id');
  const open = list.data?.find((row) => row.id === openId);
  const set = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next))
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    setParams(merged);
  };
  return (
    <>
      {/* The policy button beside the title, not in the tab bar (a tablist holds only tabs). */}
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16 }}>
        <PageTitle>{t('changes.title')}</PageTitle>
        {can(access.changes.policy) && (
          <Button icon={<SettingOutlined />} onClick={() => set({ policy: '1', id: null })}>
            {t('changes.policy.open')}
          </Button>
        )}
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => set({ tab: key, id: null })}
        items={CHANGE_TABS.map((key) => ({ key, label: t(`changes.tabs.${key}`) }))}
      />
      <Table<TChangeRequestRow>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('changes.empty') }}
        onRow={(row) => ({ onClick: () => set({ id: row.id }), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: t('changes.fields.created_at'),
            dataIndex: 'created_at',
            render: (v: string) => <DateTime value={v} />,
          },
          {
            title: t('changes.fields.kind'),
            dataIndex: 'kind',
            render: (kind: string, row) => `${t(`changes.kinds.${kind}`)} · ${t(`changes.actions.${row.action}`)}`,
          },
          {
            title: t('changes.fields.entity_name'),
            dataIndex: 'entity_name',
            render: (name: string | null, row) => (
              <a
                href={`?tab=${tab}&id=${row.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  set({ id: row.id });
                }}
              >
                {name ?? row.id}
              </a>
            ),
          },
          { title: t('changes.fields.requested_by'), dataIndex: 'requested_by_name' },
          { title: t('changes.fields.note'), dataIndex: 'note', ellipsis: true },
          {
            title: t('changes.fields.status'),
            dataIndex: 'status',
            render: (_: string, row) => <ChangeStatus row={row} />,
          },
        ]}
      />
      {open && <ChangeDetail row={open} me={me?.id} onClose={() => set({ id: null })} />}
      {policyOpen && <ChangePolicyDrawer onClose={() => set({ policy: null })} />}
    </>
  );
};
