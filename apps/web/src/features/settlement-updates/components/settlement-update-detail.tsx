import { Button, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { isWaitingForRun, useSettlementUpdate } from '../api/get-settlement-updates.ts';
import { populated } from '../api/settlement-updates.ts';
import { settlementHref, YesNo } from '../columns.tsx';
import type { SettlementUpdateDraft } from './settlement-update-form.tsx';

/**
 * portal.md §2.4/§4 detail: the fields plus the settlement's last run. While the update waits for
 * its run it polls with 'Checking last run'; then it offers 'Reverse last update'.
 */
export const SettlementUpdateDetail = ({
  id,
  onClose,
  onReverse,
}: {
  id: string;
  onClose: () => void;
  onReverse: (draft: SettlementUpdateDraft) => void;
}) => {
  const { t } = useTranslation();
  const query = useSettlementUpdate(id);
  const row = query.data;
  const settlement = row ? populated(row.processor_settlement) : null;
  const f = (field: string) => t(`fields:settlementupdate.${field}`);
  const waiting = isWaitingForRun(row);
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={query.isPending}
      notFound={query.error instanceof ApiError && query.error.status === 404}
      title={t('settlementUpdates.detailTitle')}
      tabs={
        row
          ? [
              {
                key: 'details',
                label: t('admin.details'),
                children: (
                  <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                    <DetailFields
                      fields={[
                        { label: f('id'), value: <CopyableId value={row.id} /> },
                        { label: f('created_at'), value: <DateTime value={row.created_at} style="long" /> },
                        {
                          label: f('processor_settlement'),
                          value: (
                            <Link to={settlementHref(row)}>{settlement?.name ?? String(row.processor_settlement)}</Link>
                          ),
                        },
                        { label: f('last'), value: <DateTime value={row.last} style="long" /> },
                        {
                          label: f('old_last'),
                          value: row.old_last ? (
                            <DateTime value={row.old_last} style="long" />
                          ) : (
                            t('settlementUpdates.none')
                          ),
                        },
                        { label: f('update_last_run'), value: <YesNo value={row.update_last_run} t={t} /> },
                        {
                          label: f('last_run'),
                          value: settlement?.last_run ? (
                            <DateTime value={settlement.last_run} style="long" />
                          ) : (
                            t('settlementUpdates.never')
                          ),
                        },
                      ]}
                    />
                    {waiting ? (
                      <Space role="status">
                        <Spin size="small" /> {t('settlementUpdates.checkingLastRun')}
                      </Space>
                    ) : row.old_last ? (
                      <Button
                        onClick={() =>
                          onReverse({
                            processor_settlement: settlement?.id ?? String(row.processor_settlement),
                            last: row.old_last,
                            update_last_run: false,
                          })
                        }
                      >
                        {t('settlementUpdates.reverseLast')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]
          : []
      }
    />
  );
};
