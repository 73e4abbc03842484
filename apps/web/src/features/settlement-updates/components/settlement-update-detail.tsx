import { Button, Space, Spin, Statistic } from 'antd';
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

/** What the run imported (issue 34): files, lines, matched exactly, exceptions, with links to them. */
const RunOutcome = (props: {
  updateId: string;
  settlementId: string;
  files: number;
  lines: number;
  matched: number;
  exceptions: number;
}) => {
  const { t } = useTranslation();
  return (
    <section aria-label={t('reconciliation.outcome')}>
      <Space size="large" wrap>
        <Statistic title={t('fields:settlementupdate.file_count')} value={props.files} />
        <Statistic title={t('fields:settlementupdate.line_count')} value={props.lines} />
        <Statistic title={t('fields:settlementupdate.matched_count')} value={props.matched} />
        <Statistic title={t('fields:settlementupdate.exception_count')} value={props.exceptions} />
      </Space>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        <Link to={`/psp/reconciliation/files?settlement_update=${encodeURIComponent(props.updateId)}`}>
          {t('reconciliation.showFiles')}
        </Link>
        <Link to={`/psp/reconciliation/exceptions?processor_settlement=${encodeURIComponent(props.settlementId)}`}>
          {t('reconciliation.showExceptions')}
        </Link>
      </Space>
    </section>
  );
};

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
                    {!waiting && row.file_count !== null && (
                      <RunOutcome
                        updateId={row.id}
                        files={row.file_count}
                        lines={row.line_count ?? 0}
                        matched={row.matched_count ?? 0}
                        exceptions={row.exception_count ?? 0}
                        settlementId={settlement?.id ?? String(row.processor_settlement)}
                      />
                    )}
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
